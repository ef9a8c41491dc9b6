// An auditor account made by the admin, given projects to read, and signed in on the internal tab.
import { expect } from 'vitest';
import { call, type Platform } from './platform';
import { createPerson } from './people';
import { signInInternal } from './sign-in';

export interface Auditor {
  id: string;
  token: string;
}

/** An auditor account the admin makes and gives projects to read (none: it reads nothing yet). */
export async function makeAuditor(platform: Platform, adminToken: string, projectIds: string[], account: string, password: string): Promise<string> {
  const id = await createPerson(platform, adminToken, { role: '60', name: 'Auditor', account, email: account, password });
  if (projectIds.length > 0) {
    const given = await call(platform, 'PUT', `/manage/people/${id}/projects`, { token: adminToken, body: { projectIds } });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
  }
  return id;
}

export async function createAuditor(platform: Platform, adminToken: string, projectIds: string[], account = 'made-auditor@example.com'): Promise<Auditor> {
  const password = 'Audit@2026';
  const id = await makeAuditor(platform, adminToken, projectIds, account, password);
  return { id, token: await signInInternal(platform, account, password) };
}
