// The one gate every request passes before any route: its media type, its JSON body, and the values of body, query and path.
import express, { type ErrorRequestHandler, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { AppError } from '@annot/core';
import type { AppExceptionFilter } from './app-exception.filter';

/** An annotation result of thousands of polygons is the largest body the platform takes; nothing needs deeper nesting. */
export const inputLimits = { bodyBytes: '8mb', depth: 32, values: 500_000 } as const;

/** JSON, and multipart for the upload routes, whose own parser checks what it receives. */
const acceptedMedia = /^(application\/(json|[\w.-]+\+json)|multipart\/form-data)$/i;

const refuse = (field: string, messageKey: string, params: Record<string, unknown> = {}) =>
  new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, [{ field, messageKey, params }]);

function carriesBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

const mediaType: RequestHandler = (req, _res, next) => {
  if (!carriesBody(req)) return next();
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim();
  if (acceptedMedia.test(type)) return next();
  next(new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'errors.unsupported_media_type', { type: type || '-' }));
};

const nulOrLoneSurrogate = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** NUL and lone surrogates are refused by PostgreSQL (text, jsonb) and mean nothing to a person. */
const isStorable = (text: string): boolean => !nulOrLoneSurrogate.test(text);

/** Walks a parsed value without recursion, so no depth of nesting can overflow the stack. */
export function firstRefusal(root: unknown, prefix: string): AppError | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: prefix, depth: 0 }];
  let seen = 0;
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (++seen > inputLimits.values) return refuse(prefix || '(root)', 'validation.too_many_values', { max: inputLimits.values });
    if (typeof value === 'string') {
      if (!isStorable(value)) return refuse(path || '(root)', 'validation.invalid_characters');
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= inputLimits.depth) return refuse(path || '(root)', 'validation.too_deep', { max: inputLimits.depth });
    for (const [key, child] of Object.entries(value)) {
      const childPath = path ? `${path}.${key}` : key;
      if (!isStorable(key)) return refuse(path || '(root)', 'validation.invalid_characters');
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return null;
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
