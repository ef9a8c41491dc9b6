// An error a caller can act on: HTTP status, errCode, a message key with its parameters, and field errors.
export interface FieldError {
  field: string;
  messageKey: string;
  params?: Record<string, unknown>;
}

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly errCode: string,
    readonly messageKey: string,
    readonly params: Record<string, unknown> = {},
    readonly fields: FieldError[] = [],
    /** What the envelope's data carries besides field errors. */
    readonly details: unknown = null,
  ) {
    super(`${errCode}: ${messageKey}`);
    this.name = 'AppError';
  }
}

export class VersionConflictError extends AppError {
  constructor(streamId: string, expected: string) {
    super(409, 'VERSION_CONFLICT', 'errors.version_conflict', { streamId, expected });
  }
}

export class InvalidTransitionError extends AppError {
  constructor(from: string, event: string, allowed: string[]) {
    super(409, 'INVALID_TRANSITION', 'errors.invalid_transition', { from, event, allowed: allowed.join(', ') || '-' });
  }
}

export class NotFoundError extends AppError {
  constructor(what: string, id: string) {
    super(404, 'NOT_FOUND', 'errors.not_found', { what, id });
  }
}

/** A projection's unique index refused a row: the caller gets a field error instead of a failure. */
export async function uniqueAs<T>(index: string, field: string, messageKey: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if ((error as { constraint?: string }).constraint === index) {
      throw new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, [{ field, messageKey }]);
    }
    throw error;
  }
}
