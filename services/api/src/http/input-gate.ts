// The one gate every request passes before any route (its media type, its JSON body, the values of body, query and
// path), and the same checks for a JSON document or a text carried inside a field or a file.
import express, { type ErrorRequestHandler, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { AppError } from '@annot/core';
import { inputLimits as valueLimits, type InputRefusal, isStorable, jsonOf, textOf, valueRefusal } from '@annot/workflows';
import type { AppExceptionFilter } from './app-exception.filter';

/** The largest body the platform takes; nesting and value counts are the shared input limits. */
export const inputLimits = { bodyBytes: '8mb', ...valueLimits } as const;

/** JSON, and multipart for the upload routes, whose own parser checks what it receives. */
const acceptedMedia = /^(application\/(json|[\w.-]+\+json)|multipart\/form-data)$/i;

const refuse = (field: string, messageKey: string, params: Record<string, unknown> = {}) =>
  new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, [{ field, messageKey, params }]);

/** A refusal of the shared checks as the envelope's 400 naming the field. */
export const inputRefused = (refused: InputRefusal): AppError => refuse(refused.field, refused.messageKey, refused.params);

function carriesBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

const mediaType: RequestHandler = (req, _res, next) => {
  if (!carriesBody(req)) return next();
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim();
  if (acceptedMedia.test(type)) return next();
  next(new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'errors.unsupported_media_type', { type: type || '-' }));
};

/** The first thing wrong in a parsed value (a body, a query), as the envelope's refusal. */
export function firstRefusal(root: unknown, prefix: string): AppError | null {
  const refused = valueRefusal(root, prefix);
  return refused ? inputRefused(refused) : null;
}

/** An uploaded file's name as the client sent it: kept and shown, so it passes the same text check; refused with 400 naming the field. */
export function gatedName(name: string, field = 'file'): string {
  if (!isStorable(name)) throw refuse(field, 'validation.invalid_characters');
  return name;
}

function pathRefusal(req: Request): AppError | null {
  for (const segment of req.path.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return new AppError(400, 'BAD_REQUEST', 'errors.bad_request');
    }
    if (!isStorable(decoded)) return refuse('path', 'validation.invalid_characters');
  }
  return null;
}

const values: RequestHandler = (req, _res, next) => {
  next(firstRefusal(req.body, '') ?? firstRefusal(req.query, '') ?? pathRefusal(req) ?? undefined);
};

/** The gate's middleware in order, and an error handler that answers what they refuse in the envelope. */
export function inputGate(filter: AppExceptionFilter): (RequestHandler | ErrorRequestHandler)[] {
  const refused: ErrorRequestHandler = (error: unknown, req: Request, res: Response, _next: NextFunction) => filter.respond(error, req, res);
  return [mediaType, express.json({ limit: inputLimits.bodyBytes, type: ['application/json', 'application/*+json'] }), values, refused];
}
