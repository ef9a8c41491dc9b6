// Field errors for a form: from the shared zod schemas before sending, or from the server's envelope after.
import type { TFunction } from 'i18next';
import type { ZodError } from 'zod';
import { toast } from 'sonner';
import { ApiError } from './api-client';

export type FieldErrors = Record<string, string>;

/** Schema messages are keys such as "identity.password_rule"; the locale files spell them identity_password_rule. */
export const messageKey = (key: string) => key.replace(/\./g, '_');

export function zodFieldErrors(error: ZodError, t: TFunction): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.');
    const key = messageKey(issue.message);
    const params = issue.code === 'custom' ? (issue.params ?? {}) : {};
    errors[field] ??= t(key, { defaultValue: t('validation_invalid', { field }), field, ...params });
  }
  return errors;
}

export function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(error.fields.map((f) => [f.field, f.message]));
}

/** After a refused submission: the server's field errors under their fields, its message as a toast. */
export function reportFormError(error: unknown, setErrors: (errors: FieldErrors) => void, t: TFunction, kind: 'error' | 'warning' = 'error'): void {
  setErrors(serverFieldErrors(error));
  toast[kind](error instanceof ApiError ? error.message : t('request_fail'));
}
