// Projects over the API: the wizard's rules in both languages, publishing, the lifecycle, clone, members and visibility.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectionCatalogue, verifyReplay } from '@annot/core';
import { call, startPlatform, type Platform } from '../support/platform';
import { type Cast, castOfEveryRole, createPerson } from '../support/people';
import { signInAdmin } from '../support/sign-in';

const en = { 'x-language': 'en_US' };
const basics = {
  title: 'Highway boxes',
  type: 'formal',
  annotationType: 'picture_single_frame',
  startDate: '2026-12-01',
  endDate: '2026-12-31',
  unitPrice: 0.5,
  reworkMaxCount: 2,
  autoRecycle: { enabled: false },
};
const link = (type: 'annotation' | 'inspection', name = type) => ({ id: randomUUID(), type, name });

describe('projects', () => {
  let platform: Platform;
  let admin: string;
  let cast: Cast;
  let teamId: string;
  let tool: { toolId: string; toolVersion: number };
  let rules: { annotationRule: { ruleId: string; ruleVersion: number }; countdownSeconds: number; rereadByAnnotator: boolean };

  beforeAll(async () => {
    platform = await startPlatform({ worker: false });
    admin = await signInAdmin(platform);
    const team = await call(platform, 'POST', '/manage/teams', { token: admin, body: { name: 'Road Team', organisationId: 'ORG-1', hiveId: '1', size: 5, mobile: 'team@example.com' } });
    teamId = team.body.data.id;
    cast = await castOfEveryRole(platform, teamId);
    // The cast signs the admin in again, which ends the first session.
    admin = cast.tokens['01'];
    const created = await call(platform, 'POST', '/manage/tools', { token: admin, body: { name: 'Box', templateType: 'box' } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    tool = { toolId: created.body.data.id, toolVersion: 1 };
    const rule = await call(platform, 'POST', '/manage/annotation-rules', { token: admin, body: { name: 'Road rules', configId: 'ROAD' } });
    await call(platform, 'POST', `/manage/annotation-rules/${rule.body.data.id}/versions`, { token: admin, body: { html: '<p>Box every car</p>' } });
    rules = { annotationRule: { ruleId: rule.body.data.id, ruleVersion: 1 }, countdownSeconds: 10, rereadByAnnotator: true };
  });
  afterAll(async () => platform.stop());

  const draft = async (title = basics.title, token = admin) => {
    const { status, body } = await call(platform, 'POST', '/manage/projects', { token, body: { ...basics, title } });
    expect(status, JSON.stringify(body)).toBe(200);
    return body.data.id as string;
  };
  const step = (id: string, name: string, body: unknown, headers: Record<string, string> = {}, token = admin) =>
    call(platform, 'PUT', `/manage/projects/${id}/${name}`, { token, body, headers });
  const verb = (id: string, name: string, token = admin, headers: Record<string, string> = {}) => call(platform, 'POST', `/manage/projects/${id}/${name}`, { token, headers });
  const detail = async (id: string, token = admin) => (await call(platform, 'GET', `/manage/projects/${id}`, { token })).body.data;
  const complete = async (title: string) => {
    const id = await draft(title);
    const links = [link('annotation'), link('inspection')];
    await step(id, 'tools', { tools: [tool] });
    await step(id, 'links', { links });
    await step(id, 'rules', rules);
    return { id, links };
  };

  describe('basic info', () => {
    it('refuses each broken field with its message, in Chinese by default and in English', async () => {
      const broken = { ...basics, title: ' ', type: 'pilot', startDate: '2026-12-31', endDate: '2026-12-01', unitPrice: 0.555, reworkMaxCount: -1, autoRecycle: { enabled: true } };
      const english = await call(platform, 'POST', '/manage/projects', { token: admin, body: broken, headers: en });
      expect(english.status).toBe(400);
      const fields = Object.fromEntries(english.body.data.fields.map((f: { field: string; message: string }) => [f.field, f.message]));
      expect(fields).toMatchObject({
        title: 'Project title cannot be empty',
        type: 'A project is a trial or a formal project',
        unitPrice: 'The unit price is an amount in RMB of 0 or more, with at most two decimals',
        'autoRecycle.timeoutMinutes': 'Automatic recycling needs a timeout in minutes',
      });
      expect(fields.reworkMaxCount).toContain('only integers of 0 or more');
      const zh = await call(platform, 'POST', '/manage/projects', { token: admin, body: { ...basics, startDate: '2026-12-31', endDate: '2026-12-01' } });
      expect(zh.body.data.fields).toEqual([{ field: 'endDate', message: '结束日期不能早于开始日期' }]);
      const unknownLink = await call(platform, 'POST', '/manage/projects', { token: admin, body: { ...basics, linkedProjectId: randomUUID() }, headers: en });
      expect(unknownLink.body.data.fields).toEqual([{ field: 'linkedProjectId', message: 'This linked project does not exist' }]);
      const projects = await call(platform, 'GET', '/manage/projects?keyword=Highway', { token: admin });
      expect(projects.body.data.items).toEqual([]);
    });

    it('saves a draft that waits for improvement and says what it lacks', async () => {
      const id = await draft('Draft only');
      const project = await detail(id);
      expect(project).toMatchObject({ title: 'Draft only', status: 'waiting_for_improvement', missing: ['tools', 'links', 'rules'], linkCount: 0 });
    });
  });

  describe('links', () => {
    it('refuses a pipeline that starts with inspection: "First segment cannot be quality inspection"', async () => {
      const id = await draft('Bad order');
      const english = await step(id, 'links', { links: [link('inspection'), link('annotation'), link('inspection')] }, en);
      expect(english.status).toBe(400);
      expect(english.body.data.fields).toEqual([{ field: 'links.0', message: 'First segment cannot be quality inspection' }]);
      const zh = await step(id, 'links', { links: [link('annotation'), link('annotation')] });
      expect(zh.body.data.fields).toEqual([
        { field: 'links.0', message: '标注环节之后必须是质检环节' },
        { field: 'links.1', message: '最后一个环节必须是质检' },
      ]);
      expect((await detail(id)).links).toEqual([]);
    });

    it('keeps the links of a pipeline with tasks: none added, none removed', async () => {
      const { id } = await complete('Busy pipeline');
      const links = [link('annotation'), link('inspection'), link('annotation'), link('inspection')];
      expect((await step(id, 'links', { links })).status).toBe(200);
      // One item waiting in the first link's pool, as an import leaves it (removed again below, so replay still matches).
      const item = { item_id: randomUUID(), batch_id: randomUUID(), project_id: id, link_id: links[0].id, seq: 1, file_name: 'a.png', path: 'a.png', size: 1, media_type: 'image/png', width: 1, height: 1, checksum: 'x', created_at: new Date() };
      await platform.database.db.insertInto('data_items').values(item).execute();
      const removed = await step(id, 'links', { links: links.slice(0, 2) }, en);
      expect(removed.status).toBe(400);
      expect(removed.body.data.fields).toEqual([
        { field: 'links.2', message: 'Phases cannot be deleted when they have tasks' },
        { field: 'links.3', message: 'Phases cannot be deleted when they have tasks' },
      ]);
      const added = await step(id, 'links', { links: [...links, link('annotation'), link('inspection')] }, en);
      expect(added.body.data.fields).toContainEqual({ field: 'links.4', message: 'Phases cannot be added when they have tasks' });
      const renamed = await step(id, 'links', { links: [{ ...links[0], name: 'Draw' }, ...links.slice(1)] });
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      expect((await detail(id)).links.map((l: { name: string; tasks: number }) => [l.name, l.tasks])).toEqual([['Draw', 1], ['inspection', 0], ['annotation', 0], ['inspection', 0]]);
      await platform.database.db.deleteFrom('data_items').where('item_id', '=', item.item_id).execute();
    });
  });

  describe('tools and rules', () => {
    it('refuses a tool version or rule version the catalog does not have', async () => {
      const id = await draft('Unknown refs');
      const tools = await step(id, 'tools', { tools: [{ ...tool, toolVersion: 9 }] }, en);
      expect(tools.body.data.fields).toEqual([{ field: 'tools.0', message: 'This tool or tool version does not exist' }]);
      const rule = await step(id, 'rules', { ...rules, annotationRule: { ...rules.annotationRule, ruleVersion: 4 } }, en);
      expect(rule.body.data.fields).toEqual([{ field: 'annotationRule', message: 'This annotation rule version does not exist' }]);
    });

    it('cites the chosen versions, so the tool shows as used and cannot be deleted', async () => {
      await complete('Citing project');
      const tools = await call(platform, 'GET', '/manage/tools', { token: admin });
      expect(tools.body.data.find((t: { id: string }) => t.id === tool.toolId).usedByProject).toBe(true);
      const refused = await call(platform, 'POST', `/manage/tools/${tool.toolId}/delete`, { token: admin });
      expect(refused.status).toBe(409);
      const rule = await call(platform, 'GET', `/manage/annotation-rules/${rules.annotationRule.ruleId}`, { token: admin });
      expect(rule.body.data.versions[0].citedBy.length).toBeGreaterThan(0);
    });
  });

  describe('publish and lifecycle', () => {
    it('refuses to publish an incomplete draft and names each missing step', async () => {
      const id = await draft('Half done');
      await step(id, 'tools', { tools: [tool] });
      const refused = await verb(id, 'publish', admin, en);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('The project is not complete yet; see what is missing');
      expect(refused.body.data.fields).toEqual([
        { field: 'links', message: 'Link configuration is missing or breaks a link rule' },
        { field: 'rules', message: 'Rules are missing' },
      ]);
    });

    it('becomes ready to publish with its last step, and runs through every edge of the machine', async () => {
      const { id } = await complete('Lifecycle');
      expect((await detail(id)).status).toBe('waiting_for_publish');
      const path: [string, string][] = [
        ['publish', 'in_progress'],
        ['pause', 'paused'],
        ['resume', 'in_progress'],
        ['finish', 'completed'],
        ['reopen', 'reopened'],
        ['close', 'closed'],
      ];
      for (const [name, status] of path) {
        const answer = await verb(id, name);
        expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(200);
        expect((await detail(id)).status).toBe(status);
      }
    });

    it('answers a refused edge with 409 INVALID_TRANSITION naming what is allowed', async () => {
      const { id } = await complete('Refused edge');
      const refused = await verb(id, 'resume', admin, en);
      expect(refused.status).toBe(409);
      expect(refused.body.errCode).toBe('INVALID_TRANSITION');
      expect(refused.body.message).toContain('project.publish');
    });

    it('refuses a broken link step and leaves a complete project as it was', async () => {
      const { id } = await complete('Stays complete');
      const before = await call(platform, 'GET', `/manage/projects/${id}`, { token: admin });
      await step(id, 'links', { links: [link('inspection')] });
      const after = await call(platform, 'GET', `/manage/projects/${id}`, { token: admin });
      expect(after.headers.get('etag')).toBe(before.headers.get('etag'));
      expect(after.body.data.status).toBe('waiting_for_publish');
    });

    it('refuses a step saved over a version someone else changed (If-Match)', async () => {
      const id = await draft('Concurrent');
      const stale = await step(id, 'tools', { tools: [tool] }, { 'if-match': '"7"' });
      expect(stale.status).toBe(409);
      expect(stale.body.errCode).toBe('VERSION_CONFLICT');
    });
  });

  describe('clone', () => {
    it('makes a new draft with the same configuration, new link ids and no members', async () => {
      const { id, links } = await complete('Original');
      await step(id, `links/${links[0].id}/members`, { teamIds: [teamId], taggerIds: [] });
      const cloned = await verb(id, 'clone');
      expect(cloned.status).toBe(200);
      const copy = await detail(cloned.body.data.id);
      expect(copy).toMatchObject({ title: 'Original (copy)', status: 'waiting_for_publish', clonedFrom: id, missing: [] });
      expect(copy.links.map((l: { type: string }) => l.type)).toEqual(['annotation', 'inspection']);
      expect(copy.links.map((l: { id: string }) => l.id)).not.toContain(links[0].id);
      expect(copy.links[0].members).toEqual({ teamIds: [], taggerIds: [] });
    });
  });

  describe('members and visibility', () => {
    it('shows a project only to its members; a supplier groups its own taggers within its link', async () => {
      const { id, links } = await complete('Members');
      const hidden = await call(platform, 'GET', `/manage/projects/${id}`, { token: cast.tokens['30'] });
      expect(hidden.status).toBe(404);

      const assigned = await step(id, `links/${links[0].id}/members`, { teamIds: [teamId], taggerIds: [cast.ids['40']] });
      expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
      const refusedTagger = await step(id, `links/${links[1].id}/members`, { teamIds: [], taggerIds: [cast.ids['50']] }, en);
      expect(refusedTagger.body.data.fields).toEqual([{ field: 'taggerIds.0', message: 'This person is not an annotator' }]);

      for (const role of ['30', '40'] as const) {
        const list = await call(platform, 'GET', '/manage/projects?keyword=Members', { token: cast.tokens[role] });
        expect(list.body.data.items.map((p: { id: string }) => p.id)).toEqual([id]);
      }
      expect((await call(platform, 'GET', '/manage/projects', { token: cast.tokens['50'] })).body.data.items).toEqual([]);
      const pmCommand = await call(platform, 'POST', '/manage/projects', { token: cast.tokens['30'], body: basics });
      expect(pmCommand.status).toBe(403);

      const group = await call(platform, 'POST', `/manage/projects/${id}/links/${links[0].id}/groups`, { token: cast.tokens['30'], body: { name: 'Night shift', taggerIds: [cast.ids['40']] } });
      expect(group.status, JSON.stringify(group.body)).toBe(200);
      const otherLink = await call(platform, 'POST', `/manage/projects/${id}/links/${links[1].id}/groups`, { token: cast.tokens['30'], body: { name: 'No', taggerIds: [] } });
      expect(otherLink.status).toBe(403);
      const stranger = await createPerson(platform, admin, { role: '40', name: 'Stranger', account: 'stranger@example.com', password: 'Tagger@123' });
      const foreign = await call(platform, 'POST', `/manage/projects/${id}/links/${links[0].id}/groups`, { token: cast.tokens['30'], body: { name: 'Mixed', taggerIds: [stranger] }, headers: en });
      expect(foreign.status).toBe(403);
      expect(foreign.body.message).toBe('Only annotators of your own team can be grouped');

      const seen = await call(platform, 'GET', `/manage/projects/${id}/members`, { token: cast.tokens['30'] });
      expect(seen.body.data).toEqual([
        expect.objectContaining({ linkId: links[0].id, teams: [{ id: teamId, name: 'Road Team' }], taggers: [], candidates: [expect.objectContaining({ id: cast.ids['40'] })], groups: [expect.objectContaining({ name: 'Night shift', taggers: [expect.objectContaining({ id: cast.ids['40'] })] })] }),
      ]);
      const removed = await call(platform, 'POST', `/manage/projects/${id}/links/${links[0].id}/groups/${group.body.data.groupId}/delete`, { token: cast.tokens['30'] });
      expect(removed.status).toBe(200);
      const pm = await call(platform, 'GET', `/manage/projects/${id}/members`, { token: admin });
      expect(pm.body.data[0].groups).toEqual([]);
      expect(pm.body.data[0].taggers).toEqual([expect.objectContaining({ id: cast.ids['40'], name: 'Tagger' })]);
    });
  });

  describe('lists', () => {
    it('pages by keyset within a tab, counts per status, and writes the management log', async () => {
      for (const n of [1, 2, 3]) await draft(`Paged ${n}`);
      const first = await call(platform, 'GET', `/manage/projects?tab=release&keyword=Paged&limit=2&t=${Date.now()}`, { token: admin });
      expect(first.body.data.items.map((p: { title: string }) => p.title)).toEqual(['Paged 3', 'Paged 2']);
      const second = await call(platform, 'GET', `/manage/projects?tab=release&keyword=Paged&limit=2&cursor=${first.body.data.nextCursor}`, { token: admin });
      expect(second.body.data).toEqual({ items: [expect.objectContaining({ title: 'Paged 1' })], nextCursor: null });
      const going = await call(platform, 'GET', '/manage/projects?tab=going&keyword=Paged', { token: admin });
      expect(going.body.data.items).toEqual([]);
      const counts = await call(platform, 'GET', '/manage/projects/counts', { token: admin });
      expect(counts.body.data.waiting_for_improvement).toBeGreaterThanOrEqual(3);
      const replay = await verifyReplay(platform.database.db, projectionCatalogue.filter((p) => p.mode === 'inline'));
      expect(replay.tables.filter((t) => t.missingCount + t.extraCount > 0)).toEqual([]);
    });
  });
});
