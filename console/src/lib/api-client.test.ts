// The API client against a fake browser fetch: headers, the `t` stamp, envelope errors, token refresh and loss.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, request, sessionEndedEvent } from './api-client';
import { readToken, saveToken } from './auth-token';
import { setLanguage } from './i18n';

function answer(body: unknown, headers: Record<string, string> = {}) {
  return vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json', ...headers } }));
}

describe('request', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setLanguage('zh-CN');
  });

  it('sends the token, the language and no-cache, and a timestamp t on GET', async () => {
    const fetch = answer({ code: 200, message: 'ok', data: { n: 1 }, errCode: null });
    vi.stubGlobal('fetch', fetch);
    saveToken('abc');
    setLanguage('en-US');
    expect(await api.get('/manage/things', { limit: 10 })).toEqual({ n: 1 });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toMatch(/^\/manage\/things\?limit=10&t=\d+$/);
    expect(init?.headers).toMatchObject({ authorization: 'Bearer abc', 'x-language': 'en_US', 'cache-control': 'no-cache' });
  });

  it('drops the token and says so when the server answers 403 TOKEN_INVALID', async () => {
    vi.stubGlobal('fetch', answer({ code: 403, message: 'Your session has ended', data: null, errCode: 'TOKEN_INVALID' }));
    saveToken('stale');
    const ended = vi.fn();
    window.addEventListener(sessionEndedEvent, ended);
    const error = await api.get('/api/user/info').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 403, errCode: 'TOKEN_INVALID', message: 'Your session has ended' });
    expect(readToken()).toBeNull();
    expect(ended).toHaveBeenCalledOnce();
  });

  it('keeps the token on other refusals and hands over field errors', async () => {
    vi.stubGlobal('fetch', answer({ code: 400, message: 'Validation failed', data: { fields: [{ field: 'name', message: 'Please enter the name' }] }, errCode: 'VALIDATION_FAILED' }));
    saveToken('fine');
    const error = (await api.post('/manage/people', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.fields).toEqual([{ field: 'name', message: 'Please enter the name' }]);
    expect(readToken()).toBe('fine');
  });

  it('returns the envelope of a 200 that carries an errCode, such as LOGIN_REPEAT', async () => {
    vi.stubGlobal('fetch', answer({ code: 200, message: 'signed in elsewhere', data: null, errCode: 'LOGIN_REPEAT' }));
    expect(await request('POST', '/manage/auth/login', { body: {} })).toMatchObject({ errCode: 'LOGIN_REPEAT' });
  });

  it('takes a refreshed token from the Authorization response header', async () => {
    vi.stubGlobal('fetch', answer({ code: 200, message: 'ok', data: null, errCode: null }, { authorization: 'Bearer fresh' }));
    saveToken('old');
    await api.post('/api/active_ping');
    expect(readToken()).toBe('fresh');
  });

  it('says "Request Fail!" when the network fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('network down'))));
    setLanguage('en-US');
    await expect(api.get('/readyz')).rejects.toMatchObject({ code: 0, message: 'Request Fail!' });
  });
});

describe('attachment', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('hands over a JSON file the API sends to be saved, and throws a refusal instead of saving it', async () => {
    vi.stubGlobal('fetch', answer({ name: 'box tool', version: 3 }, { 'content-disposition': 'attachment; filename="tool.json"' }));
    expect(JSON.parse(await (await api.attachment('/manage/tools/t1/export')).text())).toEqual({ name: 'box tool', version: 3 });
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ code: 404, message: 'No such tool', data: null, errCode: 'NOT_FOUND' }), { status: 404, headers: { 'content-type': 'application/json' } })));
    expect(await api.attachment('/manage/tools/gone/export').catch((e: unknown) => e)).toMatchObject({ code: 404, errCode: 'NOT_FOUND', message: 'No such tool' });
  });
});
