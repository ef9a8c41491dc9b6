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
  let response: Response;
  try {
    response = await fetch(`${path}${qs ? `?${qs}` : ''}`, {
      method,
      headers,
      // Files travel as multipart forms, whose boundary the browser writes into the content type itself.
      body: options.body === undefined ? undefined : options.body instanceof FormData ? options.body : JSON.stringify(options.body),
      signal,
    });
  } catch {
    throw new ApiError(0, 'NETWORK', i18n.t('request_fail'));
  }
  const refreshed = response.headers.get('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (refreshed) saveToken(refreshed);
  let envelope: Envelope<T>;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    throw new ApiError(response.status, 'BAD_RESPONSE', i18n.t('request_fail'));
  }
  if (envelope.code === 200) return envelope;
  if (envelope.code === 403 && envelope.errCode === 'TOKEN_INVALID') {
    dropToken();
    window.dispatchEvent(new Event(sessionEndedEvent));
  }
  throw new ApiError(envelope.code, envelope.errCode, envelope.message, envelope.data);
}

export const api = {
  get: async <T>(path: string, query?: Query) => (await request<T>('GET', path, { query })).data,
  post: async <T>(path: string, body: unknown = {}, query?: Query) => (await request<T>('POST', path, { body, query })).data,
  patch: async <T>(path: string, body: unknown, headers?: Record<string, string>) => (await request<T>('PATCH', path, { body, headers })).data,
  put: async <T>(path: string, body: unknown, headers?: Record<string, string>) => (await request<T>('PUT', path, { body, headers })).data,
};
