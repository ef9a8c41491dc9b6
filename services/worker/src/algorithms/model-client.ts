// One item's request to a model server over the contract: a timeout per try, retries with backoff for what may pass
// (no answer, 5xx, 429), none for what will not (another 4xx), and the same idempotency key on every try.
import { setTimeout as sleep } from 'node:timers/promises';
import { jsonOf, type ModelRequest } from '@annot/workflows';

export type ModelReply =
  | { kind: 'answer'; body: unknown; latencyMs: number }
  /** The endpoint is unwell: it counts against its circuit. */
  | { kind: 'unavailable'; reasonKey: string; params: Record<string, string | number>; latencyMs: number }
  /** The endpoint answered but refused this item. */
  | { kind: 'refused'; reasonKey: string; params: Record<string, string | number>; latencyMs: number };

export interface ModelCall {
  endpoint: string;
  token: string | null;
  request: ModelRequest;
  timeoutMs: number;
  idempotencyKey: string;
  tries: number;
  backoffMs: number;
}

async function tryOnce(call: ModelCall): Promise<ModelReply> {
  const started = Date.now();
  const took = () => Date.now() - started;
  try {
    const response = await fetch(call.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': call.idempotencyKey,
        ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
      },
      body: JSON.stringify(call.request),
      signal: AbortSignal.timeout(call.timeoutMs),
    });
    const text = await response.text();
    if (response.status >= 500 || response.status === 429) return { kind: 'unavailable', reasonKey: 'algorithms.server_error', params: { status: response.status }, latencyMs: took() };
    if (!response.ok) return { kind: 'refused', reasonKey: 'algorithms.refused', params: { status: response.status }, latencyMs: took() };
    // A model's answer becomes results: it passes the input gate like any JSON the platform takes.
    const read = jsonOf(text, 'answer');
    if ('value' in read) return { kind: 'answer', body: read.value, latencyMs: took() };
    const value = read.refused.messageKey === 'validation.malformed_json' ? 'not JSON' : `${read.refused.field}: NUL, invalid Unicode or nested too deep`;
    return { kind: 'refused', reasonKey: 'algorithms.answer_malformed', params: { value }, latencyMs: took() };
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    return timedOut
      ? { kind: 'unavailable', reasonKey: 'algorithms.timed_out', params: { ms: call.timeoutMs }, latencyMs: took() }
      : { kind: 'unavailable', reasonKey: 'algorithms.unreachable', params: { detail: causeOf(error) }, latencyMs: took() };
  }
}

const causeOf = (error: unknown): string => {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
};

export async function callModel(call: ModelCall): Promise<ModelReply> {
  let reply = await tryOnce(call);
  for (let attempt = 1; attempt < call.tries && reply.kind === 'unavailable'; attempt++) {
    await sleep(call.backoffMs * 2 ** (attempt - 1));
    reply = await tryOnce(call);
  }
  return reply;
}
