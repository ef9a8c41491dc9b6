// Speaks the seed's envelope { code, message, data, errCode }: token, language, no-cache, `t` on GET, 120 s timeout.
import { dropToken, readToken, saveToken } from './auth-token';
import { currentApiLanguage, i18n } from './i18n';

export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
  errCode: string | null;
}

export interface FieldError {
  field: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly errCode: string | null,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get fields(): FieldError[] {
    const fields = (this.data as { fields?: FieldError[] } | null)?.fields;
    return Array.isArray(fields) ? fields : [];
  }
}

export const sessionEndedEvent = 'annot:session-ended';
const timeoutMs = 120_000;

type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** Returns the whole envelope of a 200, so a caller can read errCode (LOGIN_REPEAT); throws ApiError otherwise. */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  return (await exchange<T>(method, path, options)).envelope;
}

/** The envelope with the answer's headers, for reads whose ETag a later write sends back as If-Match. */
async function exchange<T>(method: string, path: string, options: RequestOptions): Promise<{ envelope: Envelope<T>; headers: Headers }> {
  const response = await send(method, path, options);
  return { envelope: await readEnvelope<T>(response), headers: response.headers };
}

async function send(method: string, path: string, options: RequestOptions): Promise<Response> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  if (method === 'GET') query.set('t', String(Date.now()));
  const token = readToken();
  const headers: Record<string, string> = {
    'x-language': currentApiLanguage(),
    'cache-control': 'no-cache',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(options.body !== undefined && !(options.body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
    ...options.headers,
  };
  const signal = options.signal ? AbortSignal.any([options.signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs);
  const qs = query.toString();
  try {
    return await fetch(`${path}${qs ? `?${qs}` : ''}`, {
      method,
      headers,
      // Files travel as multipart forms, whose boundary the browser writes into the content type itself; a Blob is
      // JSON already packed (see packed-json).
      body: options.body === undefined ? undefined : options.body instanceof FormData || options.body instanceof Blob ? options.body : JSON.stringify(options.body),
      signal,
    });
  } catch {
    throw new ApiError(0, 'NETWORK', i18n.t('request_fail'));
  }
}

async function readEnvelope<T>(response: Response): Promise<Envelope<T>> {
  const refreshed = response.headers.get('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (refreshed) saveToken(refreshed);
  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new ApiError(response.status, 'BAD_RESPONSE', i18n.t('request_fail'));
  }
  // 202: a command taken on for the background, its answer naming what to follow.
  if (envelope.code === 200 || envelope.code === 202) return envelope;
  return failed(envelope);
}

function failed(envelope: Envelope<unknown>): never {
  if (envelope.code === 403 && envelope.errCode === 'TOKEN_INVALID') {
    dropToken();
    window.dispatchEvent(new Event(sessionEndedEvent));
  }
  throw new ApiError(envelope.code, envelope.errCode, envelope.message, envelope.data);
}

/** A file the API serves raw (an item's media): the same token and language, the envelope only when refused. */
async function blob(path: string, query?: Query): Promise<Blob> {
  const response = await send('GET', path, { query });
  if (response.ok && !response.headers.get('content-type')?.includes('application/json')) return response.blob();
  await readEnvelope(response);
  throw new ApiError(response.status, 'BAD_RESPONSE', i18n.t('request_fail'));
}

/** A file the API sends to be saved (a tool's JSON, a failure list): whatever its type when it succeeds, the envelope's refusal when not. */
async function attachment(path: string): Promise<Blob> {
  const response = await send('GET', path, {});
  if (response.ok) return response.blob();
  await readEnvelope(response);
  throw new ApiError(response.status, 'BAD_RESPONSE', i18n.t('request_fail'));
}

export const api = {
  get: async <T>(path: string, query?: Query) => (await request<T>('GET', path, { query })).data,
  /** The data with its ETag (the stream version), unquoted; null when the server sent none. */
  getVersioned: async <T>(path: string, query?: Query) => {
    const { envelope, headers } = await exchange<T>('GET', path, { query });
    return { data: envelope.data, version: headers.get('etag')?.replace(/^W\//, '').replaceAll('"', '') ?? null };
  },
  blob,
  attachment,
  post: async <T>(path: string, body: unknown = {}, query?: Query) => (await request<T>('POST', path, { body, query })).data,
  /** A command with headers of its own (If-Match). */
  command: async <T>(path: string, body: unknown, headers: Record<string, string>) => (await request<T>('POST', path, { body, headers })).data,
  patch: async <T>(path: string, body: unknown, headers?: Record<string, string>) => (await request<T>('PATCH', path, { body, headers })).data,
  put: async <T>(path: string, body: unknown, headers?: Record<string, string>) => (await request<T>('PUT', path, { body, headers })).data,
};
