// Session tokens travel only in the Authorization header; the events stream, which a browser opens without headers,
// takes a short-lived ticket asked for with the header instead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { call, type Platform, startPlatform } from '../support/platform';
import { signInAdmin } from '../support/sign-in';

async function open(platform: Platform, query: string, headers: Record<string, string> = {}): Promise<{ status: number; type: string; body: any }> {
  const controller = new AbortController();
  const response = await fetch(`${platform.baseUrl}/manage/jobs/stream${query}`, { headers, signal: controller.signal });
  const type = response.headers.get('content-type') ?? '';
  const body = type.includes('json') ? await response.json() : null;
  controller.abort();
  return { status: response.status, type, body };
}

describe('stream tickets', () => {
  let platform: Platform;
  let token: string;
  const ticket = async (bearer = token) => (await call(platform, 'POST', '/manage/jobs/stream/tickets', { token: bearer })).body.data as { ticket: string; expiresInSeconds: number };

  beforeAll(async () => {
    platform = await startPlatform({ worker: false });
    token = await signInAdmin(platform);
  });
  afterAll(async () => platform?.stop());

  it('takes no session token from the address, on any route', async () => {
    const info = await call(platform, 'GET', `/api/user/info?access_token=${token}`);
    expect(info.status).toBe(403);
    expect(info.body.errCode).toBe('TOKEN_INVALID');
    expect((await open(platform, `?access_token=${token}`)).status).toBe(403);
    expect((await open(platform, `?ticket=${token}`)).body.errCode).toBe('TICKET_INVALID');
    expect((await open(platform, '', { authorization: `Bearer ${token}` })).body.errCode).toBe('TICKET_INVALID');
  });

  it('opens the stream with a ticket asked for with the header, and only for a minute', async () => {
    const issued = await ticket();
    expect(issued.expiresInSeconds).toBe(60);
    expect(issued.ticket).not.toBe(token);
    const opened = await open(platform, `?ticket=${encodeURIComponent(issued.ticket)}`);
    expect(opened.status).toBe(200);
    expect(opened.type).toContain('text/event-stream');

    const anonymous = await call(platform, 'POST', '/manage/jobs/stream/tickets');
    expect(anonymous.status).toBe(403);
    // A ticket is no session token: it opens nothing but the stream.
    expect((await call(platform, 'GET', '/api/user/info', { token: issued.ticket })).status).toBe(403);
  });

  it('refuses a ticket once it expired or its session ended', async () => {
    const expiring = await ticket();
    const redis = new Redis(platform.config.redisUrl);
    const keys = await redis.keys(`${platform.config.redisPrefix}:stream-ticket:*`);
    await Promise.all(keys.map((key) => redis.pexpire(key, 1)));
    redis.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await open(platform, `?ticket=${encodeURIComponent(expiring.ticket)}`)).body.errCode).toBe('TICKET_INVALID');

    const other = await signInAdmin(platform);
    const orphan = await ticket(other);
    await call(platform, 'GET', '/manage/auth/logout', { token: other });
    expect((await open(platform, `?ticket=${encodeURIComponent(orphan.ticket)}`)).body.errCode).toBe('TICKET_INVALID');
  });
});
