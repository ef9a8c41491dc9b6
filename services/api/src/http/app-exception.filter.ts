// Turns every failure into the envelope: a localized message, an errCode, field errors, never a stack trace.
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AppError } from '@annot/core';
import { translate } from '../i18n/translate';
import type { Envelope } from './envelope';
import { requestLanguage } from './request-language';

const byStatus: Record<number, { errCode: string; messageKey: string }> = {
  400: { errCode: 'BAD_REQUEST', messageKey: 'errors.bad_request' },
  401: { errCode: 'TOKEN_INVALID', messageKey: 'errors.token_invalid' },
  403: { errCode: 'FORBIDDEN', messageKey: 'errors.forbidden' },
  404: { errCode: 'NOT_FOUND', messageKey: 'errors.route_not_found' },
  413: { errCode: 'TOO_LARGE', messageKey: 'errors.too_large' },
  429: { errCode: 'RATE_LIMITED', messageKey: 'errors.rate_limited' },
  503: { errCode: 'UNAVAILABLE', messageKey: 'errors.unavailable' },
};

@Catch()
export class AppExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger(AppExceptionFilter.name);

  catch(exception: unknown, host: ArgumentsHost): void {
    const req = host.switchToHttp().getRequest<Request>();
    const res = host.switchToHttp().getResponse<Response>();
    const language = requestLanguage(req);
    const error = this.toAppError(exception, req);
    if (error.status >= 500) this.logger.error({ err: exception, path: req.path }, 'request failed');
    const fields = error.fields.map((f) => ({
      field: f.field,
      message: translate(language, f.messageKey, { field: f.field, ...f.params }),
    }));
    const body: Envelope = {
      code: error.status,
      message: translate(language, error.messageKey, error.params),
      data: fields.length > 0 ? { fields } : (error.details ?? null),
      errCode: error.errCode,
    };
    if (res.headersSent) return;
    res.status(error.status).json(body);
  }

  private toAppError(exception: unknown, req: Request): AppError {
    if (exception instanceof AppError) return exception;
    const status =
      exception instanceof HttpException
        ? exception.getStatus()
        : typeof (exception as { status?: unknown })?.status === 'number' // body-parser errors carry a status
          ? (exception as { status: number }).status
          : 500;
    const known = byStatus[status];
    if (known && status < 500) return new AppError(status, known.errCode, known.messageKey, { method: req.method, path: req.path });
    if (status === 503) return new AppError(503, 'UNAVAILABLE', 'errors.unavailable');
    return new AppError(500, 'INTERNAL', 'errors.internal');
  }
}
