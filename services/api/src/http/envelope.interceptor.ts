// Wraps every successful answer in the envelope, in the caller's language, with an ETag when versioned.
import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { map, type Observable } from 'rxjs';
import { translate } from '../i18n/translate';
import { Accepted, type Envelope, etagOf, Notice, Versioned } from './envelope';
import { rawResponseKey } from './raw-response.decorator';
import { requestLanguage } from './request-language';

@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const raw = this.reflector.getAllAndOverride<boolean>(rawResponseKey, [context.getHandler(), context.getClass()]);
    if (raw) return next.handle();
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    return next.handle().pipe(
      map((value): Envelope => {
        let data = value;
        if (value instanceof Versioned) {
          res.setHeader('ETag', etagOf(value.version));
          data = value.data;
        }
        const language = requestLanguage(req);
        if (value instanceof Accepted) {
          res.status(202);
          return { code: 202, message: translate(language, 'ok'), data: value.data ?? null, errCode: null };
        }
        res.status(200);
        if (value instanceof Notice) {
          return { code: 200, message: translate(language, value.messageKey), data: value.data ?? null, errCode: value.errCode };
        }
        return { code: 200, message: translate(language, 'ok'), data: data ?? null, errCode: null };
      }),
    );
  }
}
