// Personnel and teams: who manages whom, field rules, versions, private deployment and the management log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectionCatalogue, verifyReplay, catchUp } from '@annot/core';
import { call, eventually, startPlatform, type Platform } from '../support/platform';
import { type Cast, castOfEveryRole, createPerson } from '../support/people';
import { createAuditor } from '../support/auditors';
import { signIn } from '../support/sign-in';

const en = { 'x-language': 'en_US' };
const team = { name: 'East', organisationId: 'ORG 1', hiveId: '1001', size: 12, mobile: 'lead@east.example' };

describe('people and teams', () => {
  let platform: Platform;
  let cast: Cast;
  beforeAll(async () => {
    platform = await startPlatform();
    cast = await castOfEveryRole(platform);
  });
  afterAll(async () => platform.stop());

  describe('teams', () => {
    it('checks the contact, the hive ID and the size, and keeps names unique', async () => {
      const bad = await call(platform, 'POST', '/manage/teams', {
        token: cast.tokens['10'],
        body: { name: '', organisationId: 'x', hiveId: 'H-1', size: 0, mobile: '12345' },
        headers: en,
      });
      expect(bad.body.data.fields).toEqual([
        { field: 'name', message: 'Please enter the team name' },
        { field: 'hiveId', message: 'Hive ID is incorrect' },
        { field: 'size', message: 'size: only positive integers' },
        { field: 'mobile', message: 'Please enter a valid phone number or company email' },
      ]);
      const created = await call(platform, 'POST', '/manage/teams', { token: cast.tokens['10'], body: team });
      expect(created.status).toBe(200);
      const listed = await call(platform, 'GET', '/manage/teams', { token: cast.tokens['01'] });
      expect(listed.body.data).toContainEqual(expect.objectContaining({ name: 'East', organisationId: 'ORG1', hiveId: '1001', size: 12, members: 0 }));
      const again = await call(platform, 'POST', '/manage/teams', { token: cast.tokens['01'], body: team });
      expect(again.body.data.fields).toEqual([{ field: 'name', message: '团队名称已存在' }]);
    });
  });

  it('settles two people saving the same team or account at once: one wins, the other gets the field error', async () => {
    const teams = await Promise.all([0, 1, 2].map(() => call(platform, 'POST', '/manage/teams', { token: cast.tokens['01'], body: { ...team, name: 'Racing' } })));
    expect(teams.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    expect(teams.filter((r) => r.status === 400).map((r) => r.body.data.fields)).toEqual([[{ field: 'name', message: '团队名称已存在' }], [{ field: 'name', message: '团队名称已存在' }]]);
    const person = { role: '40', name: 'Twin', account: 'twin@example.com', password: 'Tagger@123' };
    const people = await Promise.all([0, 1].map(() => call(platform, 'POST', '/manage/people', { token: cast.tokens['01'], body: person })));
    expect(people.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  describe('accounts', () => {
    it('lets a PM create taggers but not PMs', async () => {
      const refused = await call(platform, 'POST', '/manage/people', {
        token: cast.tokens['10'],
        body: { role: '10', name: 'Another PM', account: 'pm-x@example.com', password: 'Manage@123' },
      });
      expect(refused.status).toBe(403);
      expect(refused.body.errCode).toBe('FORBIDDEN');
      const id = await createPerson(platform, cast.tokens['10'], { role: '40', name: 'New Tagger', account: 'new-tagger', password: 'Tagger@123', phone: '13600000000' });
      const { body } = await call(platform, 'GET', `/manage/people?role=40&keyword=new-tag`, { token: cast.tokens['10'] });
      expect(body.data.items).toEqual([expect.objectContaining({ id, name: 'New Tagger', role: '40', status: 'active', phone: '13600000000', lastLoginAt: null })]);
    });

    it('checks fields of a new account with the seed’s messages', async () => {
      const { body } = await call(platform, 'POST', '/manage/people', {
        token: cast.tokens['01'],
        body: { role: '99', name: '', account: 'x', phone: '123', email: 'nope', password: 'short' },
        headers: en,
      });
      expect(body.data.fields).toEqual([
        { field: 'role', message: 'Unknown role' },
        { field: 'name', message: 'Please enter the name' },
        { field: 'phone', message: 'Phone format incorrect' },
        { field: 'email', message: 'Email format incorrect' },
        { field: 'password', message: 'Length 8~14; at least 2 kinds of letters, digits and punctuation; no spaces or Chinese characters' },
      ]);
    });

    it('edits with optimistic concurrency, and disables and re-enables', async () => {
      const id = cast.ids['40'];
      const current = await call(platform, 'GET', `/manage/people/${id}`, { token: cast.tokens['01'] });
      const etag = current.headers.get('etag')!;
      const edited = await call(platform, 'PATCH', `/manage/people/${id}`, { token: cast.tokens['01'], body: { name: 'Tagger Renamed', company: 'Acme' }, headers: { 'if-match': etag } });
      expect(edited.status).toBe(200);
      const stale = await call(platform, 'PATCH', `/manage/people/${id}`, { token: cast.tokens['01'], body: { name: 'Lost Update' }, headers: { 'if-match': etag } });
      expect(stale.status).toBe(409);
      expect(stale.body.errCode).toBe('VERSION_CONFLICT');
      const disabled = await call(platform, 'POST', `/manage/people/${id}/disable`, { token: cast.tokens['01'] });
      expect(disabled.status).toBe(200);
      const twice = await call(platform, 'POST', `/manage/people/${id}/disable`, { token: cast.tokens['01'], headers: en });
      expect(twice.status).toBe(409);
      // A tagger is given no projects to read, so its refusal does not offer that.
      expect(twice.body).toMatchObject({ errCode: 'INVALID_TRANSITION', message: '"disable the account" is not allowed while "disabled"; allowed: edit the account, change the password, and enable the account' });
      const view = await call(platform, 'GET', `/manage/people/${id}`, { token: cast.tokens['01'] });
      expect(view.body.data).toMatchObject({ name: 'Tagger Renamed', company: 'Acme', status: 'disabled' });
      await call(platform, 'POST', `/manage/people/${id}/enable`, { token: cast.tokens['01'] });
      cast.tokens['40'] = await signIn(platform, 'tagger@example.com', 'Tagger@123', 1);
    });

    it("offers assigning projects among an account's allowed actions only when it is an auditor's, in English and Chinese", async () => {
      const admin = cast.tokens['01'];
      const { id } = await createAuditor(platform, admin, [], 'people-auditor@example.com');
      expect((await call(platform, 'POST', `/manage/people/${id}/disable`, { token: admin })).status).toBe(200);
      const twice = (headers = {}) => call(platform, 'POST', `/manage/people/${id}/disable`, { token: admin, headers });
      expect((await twice(en)).body).toMatchObject({
        errCode: 'INVALID_TRANSITION',
        message: '"disable the account" is not allowed while "disabled"; allowed: edit the account, change the password, assign projects to the auditor, and enable the account',
      });
      expect((await twice()).body.message).toContain('为审计员分配项目');
      expect((await call(platform, 'PUT', `/manage/people/${id}/projects`, { token: admin, body: { projectIds: [] } })).status).toBe(200);
      await call(platform, 'POST', `/manage/people/${id}/enable`, { token: admin });
      // Anyone else is refused as no auditor, in the caller's language.
      const tagger = await call(platform, 'PUT', `/manage/people/${cast.ids['40']}/projects`, { token: admin, body: { projectIds: [] }, headers: en });
      expect(tagger.body).toMatchObject({ code: 409, errCode: 'INVALID_TRANSITION', message: 'Only an auditor is given projects to read' });
    });

    it('refuses what taggers, suppliers and clients may not do, whatever the console shows', async () => {
      for (const role of ['40', '50'] as const) {
        const listed = await call(platform, 'GET', '/manage/people', { token: cast.tokens[role] });
        expect(listed.status).toBe(403);
        expect(listed.body.errCode).toBe('FORBIDDEN');
      }
      // A supplier reads its own team's taggers, but adds people only in a private deployment.
      const added = await call(platform, 'POST', '/manage/people', { token: cast.tokens['30'], body: { role: '40', name: 'Sneaky', account: 'sneaky@example.com', password: 'Tagger@123' } });
      expect(added.status).toBe(403);
      expect(added.body.errCode).toBe('FORBIDDEN');
    });
  });

  describe('management log', () => {
    it('shows who did what, ten to a page, in the caller’s language', async () => {
      // The log is an async projection: it shows an operation a moment after the command.
      const all = await eventually(
        () => call(platform, 'GET', `/manage/history/getoperatehistory?limit=100&offset=0`, { token: cast.tokens['01'], headers: en }),
        // Wait for the last operation before this test, the renamed tagger signing in again once re-enabled, and for
        // the two pages' worth before it (an entry lags its command while other databases' transactions hold the
        // cluster's horizon), so no later entry can slip between the pages read below.
        (answer) =>
          answer.body.data.total >= 20 &&
          answer.body.data.list.some((e: { user_name: string; operation: string }) => e.user_name === 'Tagger Renamed' && e.operation === 'Signed in'),
      );
      const ids = (list: { id: string }[]) => list.map((e) => e.id);
      // Enough for two full pages.
      expect(all.body.data.total).toBeGreaterThanOrEqual(20);
      const operations = all.body.data.list.map((e: { user_name: string; operation: string }) => `${e.user_name}: ${e.operation}`);
      expect(operations).toContain('Admin: Created the tagger account Tagger (tagger@example.com)');
      expect(operations).toContain('PM Ten: Created the team East');
      expect(operations).toContain('Admin: Disabled an account');
      const zhAll = await call(platform, 'GET', `/manage/history/getoperatehistory?limit=100&offset=0`, { token: cast.tokens['01'] });
      expect(zhAll.body.data.list.map((e: { operation: string }) => e.operation)).toContain('创建了团队 East');

      // The pages and the whole list read while the log holds still: an entry the projection adds late (its horizon
      // waits on transactions of other databases too) would shift the pages between the reads.
      const read = (query: string) => call(platform, 'GET', `/manage/history/getoperatehistory${query}`, { token: cast.tokens['01'] });
      const { whole, first, second } = await eventually(
        async () => ({ whole: await read('?limit=100&offset=0'), first: await read(''), second: await read('?offset=10') }),
        (r) => r.whole.body.data.total === r.first.body.data.total && r.first.body.data.total === r.second.body.data.total,
      );
      expect(first.status).toBe(200);
      expect(first.body.data.total).toBe(whole.body.data.total);
      expect(first.body.data.list).toHaveLength(10);
      expect(ids(first.body.data.list)).toEqual(ids(whole.body.data.list.slice(0, 10)));
      expect(ids(second.body.data.list)).toEqual(ids(whole.body.data.list.slice(10, 20)));
      expect(JSON.stringify(all.body.data)).not.toMatch(/argon2|passwordHash|tokenHash/);
    });
  });

  it('rebuilds accounts, sessions and teams from the log exactly', async () => {
    for (const projection of projectionCatalogue.filter((p) => p.mode === 'async')) await catchUp(platform.database.db, projection);
    const report = await verifyReplay(platform.database.db, projectionCatalogue);
    expect(report.tables.filter((t) => ['accounts', 'sessions', 'teams'].includes(t.table)).map((t) => [t.table, t.missingCount, t.extraCount])).toEqual([
      ['accounts', 0, 0],
      ['sessions', 0, 0],
      ['teams', 0, 0],
    ]);
    expect(report.ok).toBe(true);
  });
});

describe('private deployment', () => {
  let platform: Platform;
  let cast: Cast;
  let teamId: string;
  beforeAll(async () => {
    platform = await startPlatform({ worker: false, config: { privateDeployment: true } });
    const bootstrap = await castOfEveryRole(platform);
    const created = await call(platform, 'POST', '/manage/teams', { token: bootstrap.tokens['01'], body: team });
    teamId = created.body.data.id;
    await call(platform, 'PATCH', `/manage/people/${bootstrap.ids['30']}`, { token: bootstrap.tokens['01'], body: { teamId } });
    cast = bootstrap;
  });
  afterAll(async () => platform.stop());

  it('has no registration and no management log', async () => {
    for (const path of ['/manage/auth/countries', '/manage/auth/sendcode?account=13900000000', '/manage/auth/suppliersendcode?account=13900000000']) {
      expect((await call(platform, 'GET', path)).status).toBe(404);
    }
    expect((await call(platform, 'POST', '/manage/auth/register?user_type=10')).status).toBe(404);
    expect((await call(platform, 'GET', '/manage/history/getoperatehistory', { token: cast.tokens['01'] })).status).toBe(404);
    const menu = await call(platform, 'GET', '/manage/project/wordlistByRole', { token: cast.tokens['01'] });
    const keys = JSON.stringify(menu.body.data.menu);
    expect(keys).not.toMatch(/menu_algorithms|menu_announcements|menu_notices|menu_management_log|menu_documents|menu_help/);
  });

  it('lets a supplier manage the taggers of its own team only', async () => {
    const supplier = cast.tokens['30'];
    const own = await createPerson(platform, supplier, { role: '40', name: 'Own Tagger', account: 'own-tagger', password: 'Tagger@123' });
    const other = await createPerson(platform, cast.tokens['01'], { role: '40', name: 'Other Tagger', account: 'other-tagger', password: 'Tagger@123' });
    const listed = await call(platform, 'GET', '/manage/people', { token: supplier });
    expect(listed.body.data.items.map((p: { id: string; teamId: string }) => [p.id, p.teamId])).toEqual([[own, teamId]]);
    expect((await call(platform, 'POST', `/manage/people/${other}/disable`, { token: supplier })).status).toBe(404);
    expect((await call(platform, 'POST', '/manage/people', { token: supplier, body: { role: '50', name: 'C', account: 'c', password: 'Client@123' } })).status).toBe(403);
    expect((await call(platform, 'POST', `/manage/people/${own}/disable`, { token: supplier })).status).toBe(200);
    const supplierMenu = await call(platform, 'GET', '/manage/project/wordlistByRole', { token: supplier });
    expect(supplierMenu.body.data.menu.map((m: { key: string }) => m.key)).toEqual(['menu_projects', 'menu_taggers']);
  });
});
