// Reads If-Match as the stream version the caller last saw; a command then refuses to act on a newer one.
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { AppError } from '@annot/core';

export const IfMatch = createParamDecorator((_: unknown, context: ExecutionContext): bigint | undefined => {
  const header = context.switchToHttp().getRequest<Request>().headers['if-match'];
  if (!header) return undefined;
  const match = /^(?:W\/)?"?(\d+)"?$/.exec(header.trim());
  if (!match) {
    throw new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, [{ field: 'If-Match', messageKey: 'validation.invalid_format' }]);
  }
  return BigInt(match[1]);
});
