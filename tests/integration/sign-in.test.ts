// Sign-in as the seed's client does it: tabs, account choice, codes, LOGIN_REPEAT, sessions, tickets and throttling.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { call, startPlatform, type Platform } from '../support/platform';
import { adminAccount, adminPassword, forgetResendLimit, latestCode, signIn, signInAdmin, signInInternal } from '../support/sign-in';

const en = { 'x-language': 'en_US' };

describe('sign-in', () => {
  let platform: Platform;
  let admin: string;
  const create = async (body: Record<string, unknown>) => {
    const { status, body: answer } = await call(platform, 'POST', '/manage/people', { token: admin, body: { password: 'Tagger@123', ...body } });
    expect(status, JSON.stringify(answer)).toBe(200);
    return answer.data.id as string;
  };

  beforeAll(async () => {
    platform = await startPlatform({ worker: false });
    admin = await signInAdmin(platform);
  });
  afterAll(async () => platform.stop());

  describe('POST /manage/auth/login', () => {
    it('asks for the account and the password, in the caller’s language', async () => {
      const zh = await call(platform, 'POST', '/manage/auth/login', { body: { role: 1 } });
      expect(zh.status).toBe(400);
      expect(zh.body.data.fields).toEqual([
        { field: 'account', message: '请输入手机号或邮箱' },
        { field: 'password', message: '请输入密码' },
      ]);
      const english = await call(platform, 'POST', '/manage/auth/login', { body: { account: 'x', role: 1 }, headers: en });
      expect(english.body.data.fields).toEqual([{ field: 'password', message: 'Please enter the password' }]);
    });

    it('answers a wrong password and an unknown account alike', async () => {
      await create({ role: '40', name: 'Wu', account: 'wu@example.com' });
      const wrong = await call(platform, 'POST', '/manage/auth/login', { body: { account: 'wu@example.com', password: 'Nope@1234', role: 1 } });
      const unknown = await call(platform, 'POST', '/manage/auth/login', { body: { account: 'nobody@example.com', password: 'Nope@1234', role: 1 } });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ code: 400, message: '账号或密码错误', data: null, errCode: 'LOGIN_FAILED' });
      expect(unknown.body).toEqual(wrong.body);
    });

    it('admits each role only through its own tab', async () => {
      await create({ role: '30', name: 'Team Lin', account: 'lin@example.com', password: 'Supply@123' });
      expect((await call(platform, 'POST', '/manage/auth/login', { body: { account: 'lin@example.com', password: 'Supply@123', role: 1 } })).body.errCode).toBe('LOGIN_FAILED');
      const ok = await call(platform, 'POST', '/manage/auth/login', { body: { account: 'lin@example.com', password: 'Supply@123', role: 2 } });
      expect(ok.body.data.info).toMatchObject({ name: 'Team Lin', role: '30', account: 'lin@example.com', ding_talk_account: null });
      expect(ok.body.data.token).toMatch(/^[\w-]{43}$/);
    });

    it('lists the accounts a phone holds and signs in the chosen one', async () => {
      const first = await create({ role: '40', name: 'Zhang A', account: 'zhang-a', phone: '13800000001' });
      const second = await create({ role: '40', name: 'Zhang B', account: 'zhang-b', phone: '13800000001' });
      const choose = await call(platform, 'POST', '/manage/auth/login', { body: { account: '13800000001', password: 'Tagger@123', role: 1 } });
      expect(choose.status).toBe(200);
      expect(choose.body.data.accountList).toEqual([
        { id: first, name: 'Zhang A' },
        { id: second, name: 'Zhang B' },
      ]);
      const chosen = await call(platform, 'POST', '/manage/auth/login', { body: { account: '13800000001', password: 'Tagger@123', role: 1, auth_uid: second } });
      expect(chosen.body.data.info).toMatchObject({ id: second, name: 'Zhang B' });
    });

    it('warns with LOGIN_REPEAT when signed in elsewhere, and confirming ends the other session', async () => {
      await create({ role: '50', name: 'Client Qian', account: 'qian@example.com', password: 'Client@123' });
      const body = { account: 'qian@example.com', password: 'Client@123', role: 3 };
      const first = (await call(platform, 'POST', '/manage/auth/login', { body })).body.data.token;
      const again = await call(platform, 'POST', '/manage/auth/login', { body });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ code: 200, errCode: 'LOGIN_REPEAT', data: null, message: '该账号已在其他设备登录，继续登录将使其他设备下线' });
      expect((await call(platform, 'GET', '/api/user/info', { token: first })).status).toBe(200);
      const confirmed = await call(platform, 'POST', '/manage/auth/login', { body: { ...body, confirm: true } });
      expect(confirmed.body.data.token).toBeTruthy();
      const kicked = await call(platform, 'GET', '/api/user/info', { token: first });
      expect(kicked.status).toBe(403);
      expect(kicked.body.errCode).toBe('TOKEN_INVALID');
      expect((await call(platform, 'GET', '/api/user/info', { token: confirmed.body.data.token })).body.data.data.name).toBe('Client Qian');
    });

    it('asks the internal tab for a verification code and refuses a wrong one', async () => {
      const body = { account: adminAccount, password: adminPassword, role: 4, confirm: true };
      const missing = await call(platform, 'POST', '/manage/auth/login', { body, headers: en });
      expect(missing.body.data.fields).toEqual([{ field: 'verification_code', message: 'Please enter the verification code' }]);
      await forgetResendLimit(platform);
      await call(platform, 'GET', `/manage/auth/logincode?account=${adminAccount}`);
      const code = await latestCode(platform, adminAccount);
      const wrong = await call(platform, 'POST', '/manage/auth/login', { body: { ...body, verification_code: code === '000000' ? '111111' : '000000' }, headers: en });
      expect(wrong.body).toMatchObject({ code: 400, errCode: 'VERIFICATION_FAILED', message: 'Verification failed! Check the code, or send a new one once the countdown ends.' });
      const right = await call(platform, 'POST', '/manage/auth/login', { body: { ...body, verification_code: code } });
      expect(right.body.data.info.role).toBe('01');
      admin = right.body.data.token;
    });

    it('keeps the internal code usable through the LOGIN_REPEAT confirmation', async () => {
      await forgetResendLimit(platform);
      await call(platform, 'GET', `/manage/auth/logincode?account=${adminAccount}`);
      const code = await latestCode(platform, adminAccount);
      const body = { account: adminAccount, password: adminPassword, role: 4, verification_code: code };
      expect((await call(platform, 'POST', '/manage/auth/login', { body })).body.errCode).toBe('LOGIN_REPEAT');
      const confirmed = await call(platform, 'POST', '/manage/auth/login', { body: { ...body, confirm: true } });
      expect(confirmed.body.data.info.role).toBe('01');
      admin = confirmed.body.data.token;
      const reused = await call(platform, 'POST', '/manage/auth/login', { body: { ...body, confirm: true } });
      expect(reused.body.errCode).toBe('VERIFICATION_FAILED');
    });

    it('slows down repeated failures with 429 without telling whether the account exists', async () => {
      for (const account of ['ghost@example.com', 'wu@example.com']) {
        for (let i = 0; i < 5; i++) await call(platform, 'POST', '/manage/auth/login', { body: { account, password: 'Bad@12345', role: 1 } });
        const blocked = await call(platform, 'POST', '/manage/auth/login', { body: { account, password: 'Tagger@123', role: 1 } });
        expect(blocked.status).toBe(429);
        expect(blocked.body).toMatchObject({ errCode: 'RATE_LIMITED', message: '登录失败次数过多，请15分钟后再试' });
      }
    });
  });

  describe('sessions', () => {
    it('refuses a disabled account and ends its sessions at once', async () => {
      const id = await create({ role: '40', name: 'Sun', account: 'sun@example.com' });
      const token = await signIn(platform, 'sun@example.com', 'Tagger@123', 1);
      expect((await call(platform, 'POST', `/manage/people/${id}/disable`, { token: admin })).status).toBe(200);
      expect((await call(platform, 'POST', '/api/active_ping', { token })).body.errCode).toBe('TOKEN_INVALID');
      const refused = await call(platform, 'POST', '/manage/auth/login', { body: { account: 'sun@example.com', password: 'Tagger@123', role: 1 }, headers: en });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ errCode: 'ACCOUNT_DISABLED', message: 'This account is disabled; please contact the administrator' });
      await call(platform, 'POST', `/manage/people/${id}/enable`, { token: admin });
      expect(await signIn(platform, 'sun@example.com', 'Tagger@123', 1)).toBeTruthy();
    });

    it('keeps a session alive with the heartbeat and lets an idle one expire', async () => {
      await create({ role: '40', name: 'Zhou', account: 'zhou@example.com' });
      const token = await signIn(platform, 'zhou@example.com', 'Tagger@123', 1);
      const idle = (minutes: number) =>
        sql`UPDATE session_activity SET last_seen_at = now() - make_interval(mins => ${minutes})
            WHERE session_id IN (SELECT s.session_id FROM sessions s JOIN accounts a USING (account_id) WHERE a.account = 'zhou@example.com')`.execute(platform.database.db);
      await call(platform, 'POST', '/api/active_ping', { token });
      await idle(20);
      expect((await call(platform, 'POST', '/api/active_ping', { token })).body.data).toEqual({ alive: true });
      await idle(31);
      expect((await call(platform, 'POST', '/api/active_ping', { token })).body.errCode).toBe('TOKEN_INVALID');
    });

    it('marks a session used at most every half minute, so requests in between write nothing', async () => {
      await create({ role: '40', name: 'Feng', account: 'feng@example.com' });
      const token = await signIn(platform, 'feng@example.com', 'Tagger@123', 1);
      // The activity row's version (xmin) changes with every update, its xmax with every lock an upsert takes.
      const activity = async () =>
        (
          await sql<{ xmin: string; xmax: string; lastSeen: Date }>`SELECT sa.xmin::text, sa.xmax::text, sa.last_seen_at AS "lastSeen"
            FROM session_activity sa JOIN sessions s USING (session_id) JOIN accounts a USING (account_id) WHERE a.account = 'feng@example.com'`.execute(platform.database.db)
        ).rows;
      await call(platform, 'GET', '/api/user/info', { token });
      const [marked] = await activity();
      expect(marked).toBeDefined();
      for (let i = 0; i < 3; i++) expect((await call(platform, 'GET', '/api/user/info', { token })).status).toBe(200);
      expect(await activity()).toEqual([marked]);
      // Half a minute later the next request marks it again.
      await sql`UPDATE session_activity SET last_seen_at = now() - interval '31 seconds' WHERE session_id IN (SELECT session_id FROM sessions s JOIN accounts a USING (account_id) WHERE a.account = 'feng@example.com')`.execute(platform.database.db);
      const [stale] = await activity();
      await call(platform, 'GET', '/api/user/info', { token });
      const [again] = await activity();
      expect(again.lastSeen.getTime()).toBeGreaterThan(stale.lastSeen.getTime() + 30_000);
    });

    it('ends the session on logout', async () => {
      const token = await signIn(platform, 'zhou@example.com', 'Tagger@123', 1);
      expect((await call(platform, 'GET', '/manage/auth/logout', { token })).status).toBe(200);
      expect((await call(platform, 'GET', '/api/user/info', { token })).status).toBe(403);
    });

    it('exchanges a single-use login ticket for a session (dots_login)', async () => {
      const id = await create({ role: '40', name: 'Zheng', account: 'zheng@example.com' });
      const ticket = await call(platform, 'POST', `/manage/people/${id}/login-ticket`, { token: admin });
      const first = await call(platform, 'POST', '/manage/auth/dots_login', { body: { uuid: ticket.body.data.uuid } });
      expect(first.body.data.info).toMatchObject({ id, name: 'Zheng', role: '40' });
      const second = await call(platform, 'POST', '/manage/auth/dots_login', { body: { uuid: ticket.body.data.uuid } });
      expect(second.status).toBe(403);
      expect(second.body.errCode).toBe('TOKEN_INVALID');
    });

    it('binds the chat account of a PM and refuses a tagger', async () => {
      await create({ role: '10', name: 'PM Feng', account: 'feng@example.com', password: 'Manage@123' });
      const pm = (await call(platform, 'POST', '/manage/auth/login', { body: { account: 'feng@example.com', password: 'Manage@123', role: 4, confirm: true } })).body;
      expect(pm.data.fields?.[0]?.field).toBe('verification_code');
      const pmToken = await signInInternal(platform, 'feng@example.com', 'Manage@123');
      expect((await call(platform, 'POST', '/manage/auth/bindding', { token: pmToken, body: { account: 'feng@example.com', ding_talk_account: 'feng-ding' } })).status).toBe(200);
      expect((await call(platform, 'GET', '/api/user/info', { token: pmToken })).body.data.data.ding_talk_account).toBe('feng-ding');
      // The binding is the caller's own: no one else's account changes.
      expect((await call(platform, 'GET', '/api/user/info', { token: admin })).body.data.data.ding_talk_account).not.toBe('feng-ding');

      const tagger = await signIn(platform, 'zhou@example.com', 'Tagger@123', 1);
      expect((await call(platform, 'POST', '/manage/auth/bindding', { token: tagger, body: { ding_talk_account: 'zhou' } })).body.errCode).toBe('FORBIDDEN');
      expect((await call(platform, 'GET', '/api/user/info', { token: tagger })).body.data.data.ding_talk_account).not.toBe('zhou');
    });

    it('tells the console where the central login lives', async () => {
      const { body } = await call(platform, 'GET', '/ocr_front_config/server_url_config.json');
      expect(body.data).toEqual({ dots_url: '/login', private_deployment: false });
    });
  });
});

describe('token refresh', () => {
  let platform: Platform;
  beforeAll(async () => {
    platform = await startPlatform({ worker: false, config: { tokenRotateMinutes: 0.02 } });
  });
  afterAll(async () => platform.stop());

  it('hands a fresh token in the Authorization response header; the old one still works briefly', async () => {
    const old = await signInAdmin(platform);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const response = await call(platform, 'POST', '/api/active_ping', { token: old });
    const fresh = /^Bearer (\S+)$/.exec(response.headers.get('authorization') ?? '')?.[1];
    expect(fresh).toBeTruthy();
    expect(fresh).not.toBe(old);
    expect((await call(platform, 'GET', '/api/user/info', { token: fresh })).status).toBe(200);
    expect((await call(platform, 'GET', '/api/user/info', { token: old })).status).toBe(200);
  });
});
