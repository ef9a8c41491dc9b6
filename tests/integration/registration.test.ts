// Registration and password reset by code, with every rule of the seed's forms.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startPlatform, type Platform } from '../support/platform';
import { forgetResendLimit, latestCode, signIn, signInAdmin } from '../support/sign-in';

const en = { 'x-language': 'en_US' };
const query = (form: Record<string, unknown>) => new URLSearchParams(Object.entries(form).map(([k, v]): [string, string] => [k, String(v)])).toString();

describe('registration', () => {
  let platform: Platform;
  const register = (form: Record<string, unknown>, headers: Record<string, string> = {}) =>
    call(platform, 'POST', `/manage/auth/register?${query(form)}`, { headers });
  const sendCode = async (account: string, path = 'sendcode') => {
    await forgetResendLimit(platform);
    const answer = await call(platform, 'GET', `/manage/auth/${path}?account=${encodeURIComponent(account)}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return latestCode(platform, account);
  };
  const userForm = { user_type: 10, country_id: 44, current_locate: 1, type: 1, name: 'Li Lei', account: '13900000001', password: 'Annot@2026', repassword: 'Annot@2026' };

  beforeAll(async () => {
    platform = await startPlatform({ worker: false });
  });
  afterAll(async () => platform.stop());

  it('lists the countries with their English and Chinese names', async () => {
    const { status, body } = await call(platform, 'GET', '/manage/auth/countries?account=x');
    expect(status).toBe(200);
    const countries = body.data as { id: number; name: string; cname: string }[];
    // The seed's country is its id, its name and its Chinese name, and nothing else; a form picks one by its id.
    for (const country of countries) {
      expect(Object.keys(country).sort(), JSON.stringify(country)).toEqual(['cname', 'id', 'name']);
      expect(Number.isInteger(country.id) && country.id > 0, JSON.stringify(country)).toBe(true);
      expect(country.name, JSON.stringify(country)).toMatch(/^[A-Z][A-Za-z]*( [A-Z][A-Za-z]*)*$/);
      expect(country.cname, JSON.stringify(country)).toMatch(/^\p{Script=Han}+$/u);
    }
    expect(new Set(countries.map((c) => c.id)).size).toBe(countries.length);
    expect(new Set(countries.map((c) => c.name)).size).toBe(countries.length);
    expect(new Set(countries.map((c) => c.cname)).size).toBe(countries.length);
    // In the order a picker shows them, by id.
    expect(countries.map((c) => c.id)).toEqual(countries.map((c) => c.id).sort((a, b) => a - b));
    // Country 44 registers by phone, every other by email: 44 is China, and the email country these tests use is there.
    expect(countries.filter((c) => c.id === 44)).toEqual([{ id: 44, name: 'China', cname: '中国' }]);
    expect(countries.find((c) => c.id === 64)).toEqual({ id: 64, name: 'United States', cname: '美国' });
  });

  describe('codes', () => {
    it('needs a valid phone or email to send a code', async () => {
      const { status, body } = await call(platform, 'GET', '/manage/auth/sendcode?account=12345', { headers: en });
      expect(status).toBe(400);
      expect(body.data.fields).toEqual([{ field: 'account', message: 'Please enter a valid phone number or email' }]);
    });

    it('refuses a second code within 60 seconds and stores codes only hashed', async () => {
      await forgetResendLimit(platform);
      expect((await call(platform, 'GET', '/manage/auth/sendcode?account=13900000009')).status).toBe(200);
      const again = await call(platform, 'GET', '/manage/auth/sendcode?account=13900000009', { headers: en });
      expect(again.status).toBe(429);
      expect(again.body.errCode).toBe('RATE_LIMITED');
      expect(again.body.message).toMatch(/^A code was just sent; please try again in (60|59|58) seconds$/);
      const code = await latestCode(platform, '13900000009');
      const stored = await platform.database.db.selectFrom('verification_codes').select('code_hash').where('target', '=', '13900000009').execute();
      expect(stored.every((row) => row.code_hash !== code && row.code_hash.length === 64)).toBe(true);
    });
  });

  describe('POST /manage/auth/register', () => {
    it('applies every field rule, with the seed’s messages in Chinese', async () => {
      const wrong = await register({ user_type: 30, country_id: 'x', type: 3, name: ' ', account: ' ', password: '', repassword: '', verification_code: ' ' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.data.fields).toEqual([
        { field: 'user_type', message: '注册类型只能是团队或个人' },
        { field: 'country_id', message: '请选择国家' },
        { field: 'type', message: '请选择手机或邮箱注册' },
        { field: 'name', message: '请输入名称' },
        { field: 'account', message: '请输入手机号或邮箱' },
        { field: 'password', message: '请输入密码' },
        { field: 'password', message: '长度8~14位；字母、数字、标点符号至少包含2种；不能包含空格、中文' },
        { field: 'repassword', message: '请再次输入密码' },
        { field: 'verification_code', message: '请输入验证码' },
      ]);
      const long = await register({ ...userForm, name: 'x'.repeat(51), account: '1'.repeat(101), password: 'abc', repassword: 'abd', team_number: 'y'.repeat(65), verification_code: '1'.repeat(13) });
      expect(long.body.data.fields).toEqual([
        { field: 'name', message: '名称过大或过长' },
        { field: 'account', message: '账号格式不正确' },
        { field: 'password', message: '长度8~14位；字母、数字、标点符号至少包含2种；不能包含空格、中文' },
        { field: 'team_number', message: '团队编号过大或过长' },
        { field: 'verification_code', message: '验证码过大或过长' },
        { field: 'account', message: '手机号格式不正确' },
        { field: 'repassword', message: '两次输入的密码不一致' },
      ]);
      const byCountry = [
        [{ ...userForm, type: 2, account: 'a@example.com' }, [{ field: 'type', message: '该国家只能使用手机号注册' }]],
        [{ ...userForm, country_id: 64 }, [{ field: 'type', message: '该国家只能使用邮箱注册' }]],
        [{ ...userForm, country_id: 64, type: 2, account: 'not-an-email' }, [{ field: 'account', message: '邮箱格式不正确' }]],
      ] as const;
      for (const [form, fields] of byCountry) expect((await register({ ...form, verification_code: '1' })).body.data.fields).toEqual(fields);
    });

    it('forces phone for country 44 and email elsewhere, and checks their format, in English', async () => {
      const phoneOnly = await register({ ...userForm, type: 2, account: 'a@example.com', verification_code: '1' }, en);
      expect(phoneOnly.body.data.fields).toEqual([{ field: 'type', message: 'This country registers by phone only' }]);
      const emailOnly = await register({ ...userForm, country_id: 64, verification_code: '1' }, en);
      expect(emailOnly.body.data.fields).toContainEqual({ field: 'type', message: 'This country registers by email only' });
      const badPhone = await register({ ...userForm, account: '12345678901', verification_code: '1' }, en);
      expect(badPhone.body.data.fields).toEqual([{ field: 'account', message: 'Phone format incorrect' }]);
      const badEmail = await register({ ...userForm, country_id: 64, type: 2, account: 'not-an-email', verification_code: '1' }, en);
      expect(badEmail.body.data.fields).toEqual([{ field: 'account', message: 'Email format incorrect' }]);
      const inconsistent = await register({ ...userForm, repassword: 'Other@2026', verification_code: '1' }, en);
      expect(inconsistent.body.data.fields).toEqual([{ field: 'repassword', message: 'The passwords are inconsistent' }]);
      const spaces = await register({ ...userForm, password: 'Annot 2026', repassword: 'Annot 2026', verification_code: '1' }, en);
      expect(spaces.body.data.fields).toEqual([
        { field: 'password', message: 'Length 8~14; at least 2 kinds of letters, digits and punctuation; no spaces or Chinese characters' },
      ]);
      const chinese = await register({ ...userForm, password: 'Annot中文2026', repassword: 'Annot中文2026', verification_code: '1' }, en);
      expect(chinese.body.data.fields?.[0]?.field).toBe('password');
      const oneKind = await register({ ...userForm, password: 'abcdefghij', repassword: 'abcdefghij', verification_code: '1' }, en);
      expect(oneKind.body.data.fields?.[0]?.field).toBe('password');
    });

    it('registers a user with the code from the mailbox, who can then sign in on the user tab', async () => {
      const admin = await signInAdmin(platform);
      const team = await call(platform, 'POST', '/manage/teams', {
        token: admin,
        body: { name: 'North', organisationId: 'ORG-7', hiveId: '42', size: 10, mobile: '13700000000' },
      });
      const code = await sendCode('13900000001');
      const { status, body } = await register({ ...userForm, team_number: ' ORG - 7 ', verification_code: code });
      expect(status, JSON.stringify(body)).toBe(200);
      const token = await signIn(platform, '13900000001', 'Annot@2026', 1);
      const info = await call(platform, 'GET', '/api/user/info', { token });
      expect(info.body.data.data).toMatchObject({ name: 'Li Lei', role: '40', account: '13900000001' });
      const person = await call(platform, 'GET', `/manage/people/${body.data.id}`, { token: admin });
      expect(person.body.data).toMatchObject({ teamId: team.body.data.id, teamName: 'North', status: 'active' });
      const stored = await platform.database.db.selectFrom('accounts').select('password_hash').where('account_id', '=', body.data.id).executeTakeFirstOrThrow();
      expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    });

    it('registers a team by email on the team tab, and refuses the same account twice', async () => {
      const teamForm = { user_type: 20, country_id: 64, current_locate: 2, type: 2, name: 'Acme Labels', account: 'ops@acme.example', password: 'Acme#2026x', repassword: 'Acme#2026x' };
      const code = await sendCode('ops@acme.example', 'suppliersendcode');
      expect((await register({ ...teamForm, verification_code: code })).status).toBe(200);
      const token = await signIn(platform, 'ops@acme.example', 'Acme#2026x', 2);
      expect((await call(platform, 'GET', '/api/user/info', { token })).body.data.data.role).toBe('30');
      const again = await register({ ...teamForm, verification_code: '123456' }, en);
      expect(again.body).toMatchObject({ code: 400, errCode: 'ACCOUNT_TAKEN', message: 'This account is already registered' });
    });

    it('refuses a wrong code, and a right one after five wrong guesses', async () => {
      const form = { ...userForm, account: '13900000002' };
      const code = await sendCode('13900000002');
      const wrong = code === '000000' ? '111111' : '000000';
      const first = await register({ ...form, verification_code: wrong });
      expect(first.body).toMatchObject({ code: 400, errCode: 'VERIFICATION_FAILED', message: '验证失败！请核对验证码，或在倒计时结束后重新发送。' });
      for (let i = 0; i < 4; i++) await register({ ...form, verification_code: wrong });
      expect((await register({ ...form, verification_code: code })).body.errCode).toBe('VERIFICATION_FAILED');
    });
  });

  describe('finding a password', () => {
    it('resets the password with a code and ends the old sessions', async () => {
      const before = await signIn(platform, '13900000001', 'Annot@2026', 1);
      const code = await sendCode('13900000001', 'forgetsendcode');
      const missing = await call(platform, 'POST', '/manage/auth/resetpasswd', { body: { account: '13900000001' }, headers: en });
      expect(missing.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['code', 'password']);
      const reset = await call(platform, 'POST', '/manage/auth/resetpasswd', { body: { account: '13900000001', code, password: 'Fresh#2026' } });
      expect(reset.status).toBe(200);
      expect((await call(platform, 'GET', '/api/user/info', { token: before })).body.errCode).toBe('TOKEN_INVALID');
      expect((await call(platform, 'POST', '/manage/auth/login', { body: { account: '13900000001', password: 'Annot@2026', role: 1 } })).body.errCode).toBe('LOGIN_FAILED');
      expect(await signIn(platform, '13900000001', 'Fresh#2026', 1)).toBeTruthy();
    });

    it('answers an unknown account like a known one and sends nothing', async () => {
      await forgetResendLimit(platform);
      const { status } = await call(platform, 'GET', '/manage/auth/forgetsendcode?account=13911112222');
      expect(status).toBe(200);
      expect(await platform.database.db.selectFrom('mailbox').select('id').where('recipient', '=', '13911112222').execute()).toEqual([]);
    });
  });
});
