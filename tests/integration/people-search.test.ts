// Pickers search on the server: people, teams, tools and rules by keyword; a supplier's list holds its own team's taggers only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startPlatform, type Platform } from '../support/platform';
import { createPerson } from '../support/people';
import { signIn, signInAdmin } from '../support/sign-in';

describe('searching the lists pickers read', () => {
  let platform: Platform;
  let admin: string;
  let supplier: string;
  let ownTeam: string;
  beforeAll(async () => {
    platform = await startPlatform({ worker: false });
    admin = await signInAdmin(platform);
    const team = (name: string, organisationId: string, mobile: string) =>
      call(platform, 'POST', '/manage/teams', { token: admin, body: { name, organisationId, hiveId: '7', size: 3, mobile } }).then((r) => r.body.data.id as string);
    ownTeam = await team('Harbour crew', 'ORG-HARBOUR', '13900000011');
    const otherTeam = await team('Mountain crew', 'ORG-MOUNTAIN', '13900000012');
    await createPerson(platform, admin, { role: '30', name: 'Harbour lead', account: 'harbour-lead', password: 'Supply@123', teamId: ownTeam });
    // More taggers than a picker's first page, so the one sought sits past it.
    for (let i = 0; i < 25; i++) await createPerson(platform, admin, { role: '40', name: `Harbour tagger ${i}`, account: `harbour-${i}`, password: 'Tagger@123', teamId: ownTeam });
    await createPerson(platform, admin, { role: '40', name: 'Mountain tagger', account: 'mountain-0', password: 'Tagger@123', teamId: otherTeam });
    supplier = await signIn(platform, 'harbour-lead', 'Supply@123', 2);
  });
  afterAll(async () => platform.stop());

  it('finds a tagger past the first twenty by keyword', async () => {
    const first = await call(platform, 'GET', '/manage/people?role=40&limit=20', { token: admin });
    expect(first.body.data.items.map((p: { account: string }) => p.account)).not.toContain('harbour-0');
    const found = await call(platform, 'GET', '/manage/people?role=40&keyword=harbour-0', { token: admin });
    expect(found.body.data.items.map((p: { account: string }) => p.account)).toEqual(['harbour-0']);
  });

  it('finds teams by name, and takes a keyword’s wildcards literally', async () => {
    const found = await call(platform, 'GET', '/manage/teams?keyword=harb', { token: admin });
    expect(found.body.data.map((t: { name: string }) => t.name)).toEqual(['Harbour crew']);
    expect((await call(platform, 'GET', '/manage/teams?keyword=%25', { token: admin })).body.data).toEqual([]);
  });

  it('finds tools, rules, error groups and invalid-image reasons by name', async () => {
    await call(platform, 'POST', '/manage/tools', { token: admin, body: { name: 'Harbour box', templateType: 'box' } });
    await call(platform, 'POST', '/manage/tools', { token: admin, body: { name: 'Road line', templateType: 'line' } });
    await call(platform, 'POST', '/manage/annotation-rules', { token: admin, body: { name: 'Harbour rules', configId: 'HARBOUR' } });
    await call(platform, 'POST', '/manage/annotation-rules', { token: admin, body: { name: 'Road rules', configId: 'ROAD' } });
    const names = async (path: string) => (await call(platform, 'GET', `${path}?keyword=harbour`, { token: admin })).body.data.map((e: { name: string }) => e.name);
    expect(await names('/manage/tools')).toEqual(['Harbour box']);
    expect(await names('/manage/annotation-rules')).toEqual(['Harbour rules']);
    expect(await names('/manage/data-rules')).toEqual([]);
    expect(await names('/manage/error-groups')).toEqual([]);
    expect(await names('/manage/invalid-reasons')).toEqual([]);
  });

  it('refuses an over-long keyword with the field named', async () => {
    const { status, body } = await call(platform, 'GET', `/manage/teams?keyword=${'x'.repeat(101)}`, { token: admin });
    expect(status).toBe(400);
    expect(JSON.stringify(body.data)).toContain('keyword');
  });

  it('lets a supplier list and search its own team’s taggers, and no one else', async () => {
    const listed = await call(platform, 'GET', '/manage/people?role=40&limit=100', { token: supplier });
    expect(listed.status).toBe(200);
    expect(listed.body.data.items).toHaveLength(25);
    expect(listed.body.data.items.every((p: { teamId: string }) => p.teamId === ownTeam)).toBe(true);
    const searched = await call(platform, 'GET', '/manage/people?role=40&keyword=mountain', { token: supplier });
    expect(searched.body.data.items).toEqual([]);
    expect((await call(platform, 'GET', '/manage/people?role=50', { token: supplier })).status).toBe(403);
  });

  it('keeps a supplier from managing taggers outside a private deployment', async () => {
    const own = (await call(platform, 'GET', '/manage/people?role=40&keyword=harbour-1', { token: supplier })).body.data.items[0].id;
    expect((await call(platform, 'POST', `/manage/people/${own}/disable`, { token: supplier })).status).toBe(403);
    expect((await call(platform, 'POST', '/manage/people', { token: supplier, body: { role: '40', name: 'New', account: 'new-one', password: 'Tagger@123' } })).status).toBe(403);
  });

  it('shows system health to admins only', async () => {
    expect((await call(platform, 'GET', '/manage/system/health', { token: admin })).body.data).toEqual({ postgres: 'ok', redis: 'ok', migrations: 'ok', eventStreams: 0 });
    expect((await call(platform, 'GET', '/manage/system/health', { token: supplier })).status).toBe(403);
  });
});
