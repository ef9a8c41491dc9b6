// With MAIL_URL set, codes leave over SMTP to a real SMTP server instead of the development mailbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { call, startPlatform, type Platform } from '../support/platform';
import { freePort } from '../support/redis-server';

describe('SMTP transport', () => {
  let platform: Platform;
  let smtp: SMTPServer;
  const received: { to: string[]; raw: string }[] = [];

  beforeAll(async () => {
    const port = await freePort();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
    platform = await startPlatform({ worker: false, config: { mailUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'codes@annotation.example' } });
  });
  afterAll(async () => {
    await platform.stop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends the registration code by email and leaves the development mailbox empty', async () => {
    const { status } = await call(platform, 'GET', '/manage/auth/sendcode?account=newcomer@example.com', { headers: { 'x-language': 'en_US' } });
    expect(status).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0].to).toEqual(['newcomer@example.com']);
    expect(received[0].raw).toContain('Subject: Your verification code');
    expect(received[0].raw).toMatch(/Your verification code is \d{6}\./);
    expect(await platform.database.db.selectFrom('mailbox').select('id').execute()).toEqual([]);
  });
});
