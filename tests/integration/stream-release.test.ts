// The API lets go of an events stream as soon as its client is gone, and writes to an idle stream every few seconds
// so that a client gone without a word is noticed too; a stream ends soon after its session does. The admin's system
// health counts the streams the API holds.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, eventually, type Platform, startPlatform } from '../support/platform';
import { createPerson } from '../support/people';
import { signIn, signInAdmin } from '../support/sign-in';

/** A stream opened over a bare socket, so the test decides how the client leaves; `text` is what has arrived. */
async function openRaw(platform: Platform, token: string): Promise<{ socket: Socket; text: () => string }> {
  const { ticket } = (await call(platform, 'POST', '/manage/jobs/stream/tickets', { token })).body.data as { ticket: string };
  const { hostname, port } = new URL(platform.baseUrl);
  const socket = connect(Number(port), hostname);
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  socket.on('error', () => undefined);
  socket.write(`GET /manage/jobs/stream?ticket=${encodeURIComponent(ticket)} HTTP/1.1\r\nHost: ${hostname}\r\nAccept: text/event-stream\r\n\r\n`);
  await eventually(async () => received, (text) => text.includes('event: inbox'), 10_000);
  return { socket, text: () => received };
}

describe('events stream release', () => {
  let platform: Platform;
  let admin: string;
  const openStreams = async () => (await call(platform, 'GET', '/manage/system/health', { token: admin })).body.data.eventStreams as number;

  beforeAll(async () => {
    platform = await startPlatform({ worker: false });
    admin = await signInAdmin(platform);
  });
  afterAll(async () => platform?.stop());

  it('counts a stream while its client is there and lets it go within seconds of the client dropping its socket', async () => {
    expect(await openStreams()).toBe(0);
    const first = await openRaw(platform, admin);
    const second = await openRaw(platform, admin);
    expect(first.text()).toMatch(/^HTTP\/1\.1 200/);
    expect(await openStreams()).toBe(2);

    const dropped = Date.now();
    first.socket.destroy();
    await eventually(openStreams, (open) => open === 1, 5_000);
    expect(Date.now() - dropped).toBeLessThan(5_000);

    second.socket.destroy();
    await eventually(openStreams, (open) => open === 0, 5_000);
  });

  it('writes a comment to an idle stream every few seconds, which the browser ignores', async () => {
    const stream = await openRaw(platform, admin);
    const before = stream.text().length;
    await eventually(async () => stream.text().slice(before), (text) => /(^|\n):[^\n]*\n\n/.test(text), 8_000);
    expect(stream.text()).not.toContain('event: heartbeat');
    stream.socket.destroy();
    await eventually(openStreams, (open) => open === 0, 5_000);
  });

  it('ends a stream within seconds of its session ending, though its client stays', async () => {
    await createPerson(platform, admin, { role: '40', name: 'Leaving Tagger', account: 'leaving@example.com', password: 'Tagger@123' });
    const leaving = await signIn(platform, 'leaving@example.com', 'Tagger@123', 1);
    const stream = await openRaw(platform, leaving);
    try {
      expect(await openStreams()).toBe(1);
      expect((await call(platform, 'GET', '/manage/auth/logout', { token: leaving })).status).toBe(200);
      const signedOut = Date.now();
      // The response ends with its last, empty chunk.
      await eventually(async () => stream.text(), (text) => text.endsWith('\r\n0\r\n\r\n'), 25_000);
      expect(Date.now() - signedOut).toBeLessThan(20_000);
      expect(await openStreams()).toBe(0);
    } finally {
      stream.socket.destroy();
    }
  });
});
