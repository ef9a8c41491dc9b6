// A write sent again with the same Idempotency-Key gets the first answer back, whatever the state is now; duplicates
// sent at the same time wait for the first and get its answer too.
import { createHash } from 'node:crypto';
import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { from, type Observable, of, switchMap } from 'rxjs';
import { type Actor, AppError } from '@annot/core';
import { type FirstAnswer, IdempotentRequestsRepository } from './idempotent-requests.repository';

const writes = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const pollMs = 50;
const waitMs = 60_000;

type KeyedRequest = Request & { actor?: Actor };

@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly requests: IdempotentRequestsRepository) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<KeyedRequest>();
    const res = context.switchToHttp().getResponse<Response>();
    const header = req.headers['idempotency-key'];
    // Anonymous callers cannot be told apart, so one could read another's answer (a sign-in's token): no replay for them.
    if (!writes.has(req.method) || typeof header !== 'string' || !req.actor) return next.handle();
    if (header.length === 0 || header.length > 200) {
      throw new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, [{ field: 'Idempotency-Key', messageKey: 'validation.too_big' }]);
    }
    const key = `${req.actor.id}:${header}`;
    const fingerprint = fingerprintOf(req);
    return from(this.firstOrRun(key, fingerprint)).pipe(
      switchMap((first) => {
        if (first) return of(replay(first, res));
        this.remember(key, res);
        return next.handle();
      }),
    );
  }

  /** The first answer, once there is one; null when this request is the one to run. */
  private async firstOrRun(key: string, fingerprint: string): Promise<FirstAnswer | null> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      if (await this.requests.claim(key, fingerprint)) return null;
      const first = await this.requests.find(key);
      if (first && first.fingerprint !== fingerprint) throw new AppError(409, 'IDEMPOTENCY_KEY_REUSED', 'errors.idempotency_key_reused');
      if (first?.status != null) return first;
      if (Date.now() > deadline) throw new AppError(409, 'IDEMPOTENCY_IN_PROGRESS', 'errors.idempotency_in_progress');
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }

  /** Keeps whatever this request answers, success or refusal; a server failure frees the key for a retry. */
  private remember(key: string, res: Response): void {
    let answer: { status: number; body: unknown } | null = null;
    const send = res.json.bind(res);
    res.json = (body: unknown) => {
      answer = { status: res.statusCode, body };
      return send(body);
    };
    const settle = () => {
      const etag = res.getHeader('etag');
      const done = answer && answer.status < 500 ? this.requests.settle(key, { ...answer, etag: typeof etag === 'string' ? etag : null }) : this.requests.release(key);
      done.catch(() => undefined);
    };
    res.once('finish', settle);
    res.once('close', () => {
      if (!res.writableFinished) this.requests.release(key).catch(() => undefined);
    });
  }
}

function fingerprintOf(req: Request): string {
  return createHash('sha256')
    .update(`${req.method} ${req.path}\n${JSON.stringify(req.body ?? null)}`)
    .digest('hex');
}

function replay(first: FirstAnswer, res: Response): unknown {
  res.status(first.status!);
  if (first.etag) res.setHeader('ETag', first.etag);
  res.setHeader('Idempotent-Replayed', 'true');
  return first.body;
}
