// Accounts of every role, created by the admin and signed in, for tests that act as each of them.
import { expect } from 'vitest';
import { call, type Platform } from './platform';
import { signIn, signInAdmin, signInInternal } from './sign-in';

export type RoleCode = '01' | '10' | '20' | '30' | '40' | '50';
export interface Cast {
  tokens: Record<RoleCode, string>;
  ids: Record<RoleCode, string>;
}

export async function createPerson(platform: Platform, token: string, body: Record<string, unknown>): Promise<string> {
  const { status, body: answer } = await call(platform, 'POST', '/manage/people', { token, body });
  expect(status, JSON.stringify(answer)).toBe(200);
  return answer.data.id;
}

/** One signed-in account per role; PMs sign in on the internal tab with a mailbox code like the admin. */
export async function castOfEveryRole(platform: Platform, teamId: string | null = null): Promise<Cast> {
  const admin = await signInAdmin(platform);
  const adminInfo = await call(platform, 'GET', '/api/user/info', { token: admin });
  const people = {
    '10': { name: 'PM Ten', account: 'pm10@example.com', email: 'pm10@example.com', password: 'Manage@123' },
    '20': { name: 'PM Twenty', account: 'pm20@example.com', email: 'pm20@example.com', password: 'Manage@123' },
    '30': { name: 'Supplier', account: 'supplier@example.com', password: 'Supply@123', teamId },
    '40': { name: 'Tagger', account: 'tagger@example.com', password: 'Tagger@123', teamId },
    '50': { name: 'Client', account: 'client@example.com', password: 'Client@123' },
  } as const;
  const ids = { '01': adminInfo.body.data.data.id } as Record<RoleCode, string>;
  for (const [role, person] of Object.entries(people)) ids[role as RoleCode] = await createPerson(platform, admin, { role, ...person });
  const tokens: Record<RoleCode, string> = {
    '01': admin,
    '10': await signInInternal(platform, people['10'].account, people['10'].password),
    '20': await signInInternal(platform, people['20'].account, people['20'].password),
    '30': await signIn(platform, people['30'].account, people['30'].password, 2),
    '40': await signIn(platform, people['40'].account, people['40'].password, 1),
    '50': await signIn(platform, people['50'].account, people['50'].password, 3),
  };
  return { tokens, ids };
}
