// Turns every failure into the envelope: a localized message, an errCode, field errors, never a stack trace.
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppError } from '@annot/core';
import { fieldLabel } from '../i18n/field-label';
import { translate } from '../i18n/translate';
import type { Envelope } from './envelope';
import { parserRefusal } from './parser-refusal';
import { requestLanguage } from './request-language';

const byStatus: Record<number, { errCode: string; messageKey: string }> = {
  400: { errCode: 'BAD_REQUEST', messageKey: 'errors.bad_request' },
  401: { errCode: 'TOKEN_INVALID', messageKey: 'errors.token_invalid' },
  403: { errCode: 'FORBIDDEN', messageKey: 'errors.forbidden' },
  404: { errCode: 'NOT_FOUND', messageKey: 'errors.route_not_found' },
  405: { errCode: 'NOT_FOUND', messageKey: 'errors.route_not_found' },
  413: { errCode: 'TOO_LARGE', messageKey: 'errors.too_large' },
  415: { errCode: 'UNSUPPORTED_MEDIA_TYPE', messageKey: 'errors.unsupported_media_type' },
  429: { errCode: 'RATE_LIMITED', messageKey: 'errors.rate_limited' },
  431: { errCode: 'TOO_LARGE', messageKey: 'errors.header_too_large' },
  503: { errCode: 'UNAVAILABLE', messageKey: 'errors.unavailable' },
};

@Catch()
export class AppExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger(AppExceptionFilter.name);

  catch(exception: unknown, host: ArgumentsHost): void {
    this.respond(exception, host.switchToHttp().getRequest<Request>(), host.switchToHttp().getResponse<Response>());
  }

  /** Also the error handler of the input gate, which runs before any route. */
  respond(exception: unknown, req: Request, res: Response): void {
    const error = toAppError(exception, req);
    if (error.status >= 500) this.logger.error({ err: exception, path: req.path }, 'request failed');
    if (res.headersSent) return;
    res.status(error.status).json(envelopeOf(error, req));
  }
}

export function envelopeOf(error: AppError, req: Request): Envelope {
  const language = requestLanguage(req);
  const fields = error.fields.map((f) => ({
    field: f.field,
    message: translate(language, f.messageKey, { field: fieldLabel(f.field), ...f.params }),
  }));
  return {
    code: error.status,
    message: translate(language, error.messageKey, error.params),
    data: fields.length > 0 ? { fields } : (error.details ?? null),
    errCode: error.errCode,
  };
}

function toAppError(exception: unknown, req: Request): AppError {
  if (exception instanceof AppError) return exception;
  const refusal = parserRefusal(exception);
  if (refusal) return refusal;
  const status =
    exception instanceof HttpException
      ? exception.getStatus()
      : typeof (exception as { status?: unknown })?.status === 'number'
        ? (exception as { status: number }).status
        : 500;
  const known = byStatus[status];
  if (known && status < 500) return new AppError(status, known.errCode, known.messageKey, { method: req.method, path: req.path, type: req.headers['content-type'] ?? '-' });
  if (status === 503) return new AppError(503, 'UNAVAILABLE', 'errors.unavailable');
  return new AppError(500, 'INTERNAL', 'errors.internal');
}
