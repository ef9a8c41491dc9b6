// One POST of a signed delivery: a 2xx answer within the timeout is delivered, anything else is tried again later.
import { webhookSignature } from '@annot/core';
import type { WebhookPayload } from '@annot/workflows';

export interface SendOutcome {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

export async function sendDelivery(url: string, secret: string, payload: WebhookPayload, timeoutMs: number): Promise<SendOutcome> {
  // The body is the same on every try; the timestamp, and with it the signature, is the try's own.
  const body = JSON.stringify(payload);
  const timestamp = Math.floor(Date.now() / 1000);
  const started = Date.now();
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'annot-webhooks/1',
        'x-annot-event': payload.type,
        'x-annot-delivery': payload.id,
        'x-annot-timestamp': String(timestamp),
        'x-annot-signature': webhookSignature(secret, timestamp, body),
      },
      body,
      // A redirect is not followed: the signed body goes only where the PM pointed it.
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.arrayBuffer().catch(() => undefined);
    const ok = response.status >= 200 && response.status < 300;
    return { ok, statusCode: response.status, durationMs: Date.now() - started, error: ok ? null : `HTTP ${response.status}` };
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    return { ok: false, statusCode: null, durationMs: Date.now() - started, error: timedOut ? `no answer within ${timeoutMs} ms` : causeOf(error) };
  }
}

const causeOf = (error: unknown): string => {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return (cause?.code ?? cause?.message ?? (error as Error).message).slice(0, 500);
};
