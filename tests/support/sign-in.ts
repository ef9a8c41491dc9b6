// Signs people in the way the console does, reading codes from the development mailbox.
import { type Platform, call } from './platform';

export const adminAccount = 'admin@example.com';
export const adminPassword = 'Admin@2026';

/** The newest code the development mailbox holds for a recipient. */
export async function latestCode(platform: Platform, recipient: string): Promise<string> {
  const row = await platform.database.db
    .selectFrom('mailbox')
    .select('body')
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return /\b(\d{6})\b/.exec(row.body)![1];
}

/** Lets a test send a new code at once, as if the 60 seconds had passed. */
export async function forgetResendLimit(platform: Platform): Promise<void> {
  await platform.database.db.updateTable('verification_codes').set({ sent_at: new Date(Date.now() - 61_000) }).execute();
}

export async function signInInternal(platform: Platform, account: string, password: string, extra: Record<string, unknown> = {}): Promise<string> {
  await forgetResendLimit(platform);
  const sent = await call(platform, 'GET', `/manage/auth/logincode?account=${encodeURIComponent(account)}`);
  if (sent.status !== 200) throw new Error(`logincode: ${JSON.stringify(sent.body)}`);
  const code = await latestCode(platform, account);
  const { body } = await call(platform, 'POST', '/manage/auth/login', {
    body: { account, password, role: 4, verification_code: code, confirm: true, ...extra },
  });
  if (!body.data?.token) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.data.token;
}

export const signInAdmin = (platform: Platform) => signInInternal(platform, adminAccount, adminPassword);

export async function signIn(platform: Platform, account: string, password: string, tab: 1 | 2 | 3): Promise<string> {
  const { body } = await call(platform, 'POST', '/manage/auth/login', { body: { account, password, role: tab, confirm: true } });
  if (!body.data?.token) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.data.token;
}
