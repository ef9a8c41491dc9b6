// Demo data for `npm run up`: a team, one account per role and a demo project, made through the API like a person would.
import pg from 'pg';
import { type Call, demoCall } from './seed-demo-call';
import { seedDemoProject } from './seed-demo-project';
import { seedDemoWork } from './seed-demo-work';
import { seedDemoQuality } from './seed-demo-quality';
import { seedDemoExports } from './seed-demo-exports';
import { seedDemoAlgorithms } from './seed-demo-algorithms';
import { seedDemoDocuments } from './seed-demo-documents';
import { seedDemoWebhooks } from './seed-demo-webhooks';
import { seedDemoAnnouncements } from './seed-demo-announcements';
import { seedDemoPanoptic } from './seed-demo-panoptic';
import { seedDemoPanopticSequence } from './seed-demo-panoptic-sequence';
import { seedDemoSequences } from './seed-demo-sequences';
import { seedDemoPointClouds } from './seed-demo-point-clouds';

export interface DemoAccount {
  role: string;
  tab: string;
  name: string;
  account: string;
  password: string;
}

export const demoAccounts: DemoAccount[] = [
  { role: '10', tab: 'internal', name: 'Demo PM', account: 'pm@example.com', password: 'Demo@2026' },
  { role: '30', tab: 'team', name: 'Demo Supplier', account: 'supplier@example.com', password: 'Demo@2026' },
  { role: '40', tab: 'user', name: 'Demo Tagger', account: 'tagger@example.com', password: 'Demo@2026' },
  { role: '40', tab: 'user', name: 'Demo Inspector', account: 'inspector@example.com', password: 'Demo@2026' },
  { role: '50', tab: 'client', name: 'Demo Acceptor', account: 'client@example.com', password: 'Demo@2026' },
  { role: '60', tab: 'internal', name: 'Demo Auditor', account: 'auditor@example.com', password: 'Demo@2026' },
];

/** How a demo account is shown to the person who started the platform: its sign-in tab, account and password. */
export const demoAccountLine = (account: DemoAccount): string => `  ${account.tab.padEnd(8)} ${account.account} / ${account.password}`;

export interface DemoOptions {
  /** The demo algorithm is registered at this address and called on a batch of its own. */
  detectorUrl?: string;
  /** The projects of the other annotation types (driving sequences, a dashcam video, panoptic frames and a panoptic sequence, point clouds); on unless false. */
  otherTypes?: boolean;
}

export async function seedDemo(baseUrl: string, databaseUrl: string, admin: { account: string; password: string }, options: DemoOptions = {}): Promise<DemoAccount[]> {
  const call = demoCall(baseUrl);
  const token = await signInInternal(call, databaseUrl, admin);
  const existing = await call('GET', '/manage/people?limit=100', undefined, token);
  const known = new Set((existing.data?.items ?? []).map((p: { account: string }) => p.account));
  const teams = await call('GET', '/manage/teams', undefined, token);
  let teamId: string | undefined = teams.data?.find((t: { name: string }) => t.name === 'Demo Team')?.id;
  if (!teamId) {
    const created = await call('POST', '/manage/teams', { name: 'Demo Team', organisationId: 'DEMO-ORG', hiveId: '1000', size: 20, mobile: 'team@example.com' }, token);
    teamId = created.data.id;
  }
  for (const person of demoAccounts) {
    if (known.has(person.account)) continue;
    const answer = await call(
      'POST',
      '/manage/people',
      {
        role: person.role,
        name: person.name,
        account: person.account,
        email: person.account,
        password: person.password,
        teamId: person.role === '30' || person.role === '40' ? teamId : null,
      },
      token,
    );
    if (answer.code !== 200) throw new Error(`demo account ${person.account}: ${answer.message}`);
  }
  const people = await call('GET', '/manage/people?limit=100', undefined, token);
  const tagger = demoAccounts.find((d) => d.account === 'tagger@example.com')!;
  const taggerId: string = people.data.items.find((p: { account: string }) => p.account === tagger.account).id;
  const projectId = await seedDemoProject(call, token, { teamId: teamId!, taggerId });
  // The demo auditor reads the demo project, its past moments and its ledger, and changes nothing.
  const auditorId: string = people.data.items.find((p: { account: string }) => p.account === 'auditor@example.com').id;
  const assigned = await call('PUT', `/manage/people/${auditorId}/projects`, { projectIds: [projectId] }, token);
  if (assigned.code !== 200) throw new Error(`demo auditor's projects: ${assigned.message}`);
  const inspector = demoAccounts.find((d) => d.account === 'inspector@example.com')!;
  const inspectorId: string = people.data.items.find((p: { account: string }) => p.account === inspector.account).id;
  await seedDemoWork(call, { admin: token, projectId, tagger, inspector: { id: inspectorId, ...inspector } });
  const client = demoAccounts.find((d) => d.account === 'client@example.com')!;
  const clientId: string = people.data.items.find((p: { account: string }) => p.account === client.account).id;
  await seedDemoQuality(call, { admin: token, projectId, tagger, inspector, client: { id: clientId, ...client } });
  // The demo PM delivers, so the PM's message center holds the exports' endings.
  const pm = demoAccounts.find((d) => d.account === 'pm@example.com')!;
  const pmToken = await signInInternal(call, databaseUrl, pm);
  await seedDemoExports(call, pmToken, projectId);
  const sequencePeople = { admin: token, pm: pmToken, teamId: teamId!, taggerId, tagger, inspector: { id: inspectorId, ...inspector } };
  if (options.otherTypes !== false) {
    await seedDemoSequences(call, sequencePeople);
    await seedDemoPanoptic(call, sequencePeople);
    await seedDemoPanopticSequence(call, sequencePeople);
    await seedDemoPointClouds(call, { ...sequencePeople, client: { id: clientId, ...client } });
  }
  await call('GET', '/manage/auth/logout', undefined, pmToken);
  await seedDemoDocuments(call, token);
  await seedDemoWebhooks(call, token, projectId);
  await seedDemoAnnouncements(call, token, teamId!);
  if (options.detectorUrl) await seedDemoAlgorithms(call, { admin: token, projectId, detectorUrl: options.detectorUrl, tagger, inspector });
  await call('GET', '/manage/auth/logout', undefined, token);
  return demoAccounts;
}

/** The admin or the demo PM signs in on the internal tab; the seeder reads the code from the development mailbox. */
export async function signInInternal(
  call: Call,
  databaseUrl: string,
  person: { account: string; password: string },
): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`UPDATE verification_codes SET sent_at = sent_at - interval '1 minute' WHERE target = lower($1)`, [person.account]);
    await call('GET', `/manage/auth/logincode?account=${encodeURIComponent(person.account)}`);
    const { rows } = await client.query<{ body: string }>('SELECT body FROM mailbox WHERE recipient = $1 ORDER BY id DESC LIMIT 1', [person.account]);
    const code = /\b(\d{6})\b/.exec(rows[0]?.body ?? '')?.[1];
    if (!code) throw new Error(`the sign-in code of ${person.account} did not reach the development mailbox (is MAIL_URL set?)`);
    const answer = await call('POST', '/manage/auth/login', { account: person.account, password: person.password, role: 4, verification_code: code, confirm: true });
    if (!answer.data?.token) throw new Error(`demo sign-in of ${person.account}: ${answer.message}`);
    return answer.data.token;
  } finally {
    await client.end();
  }
}
