// Projects over the API: the wizard's rules in both languages, publishing, the lifecycle, clone, members and visibility.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catchUp, managementLogProjection, projectionCatalogue, verifyReplay } from '@annot/core';
import { call, eventually, startPlatform, type Platform } from '../support/platform';
import { type Cast, castOfEveryRole, createPerson } from '../support/people';
import { signIn, signInAdmin } from '../support/sign-in';

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
const link = (type: 'annotation' | 'inspection', name: string = type) => ({ id: randomUUID(), type, name });

describe('projects', () => {
  let platform: Platform;
  let admin: string;
  let cast: Cast;
  let teamId: string;
  let tool: { toolId: string; toolVersion: number };
  let rules: { annotationRule: { ruleId: string; ruleVersion: number }; countdownSeconds: number; rereadByAnnotator: boolean; errorGroupIds: string[] };

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
    const group = await call(platform, 'POST', '/manage/error-groups', { token: admin, body: { name: 'Box fit', values: [{ name: 'loose box', color: '#ff0000', type: 'geometry' }] } });
    rules = { annotationRule: { ruleId: rule.body.data.id, ruleVersion: 1 }, countdownSeconds: 10, rereadByAnnotator: true, errorGroupIds: [group.body.data.id] };
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

    it('refuses a date that is not a day and an annotation type the seed does not list', async () => {
      const broken = await call(platform, 'POST', '/manage/projects', { token: admin, body: { ...basics, startDate: '2026/12/01', annotationType: 'lidar' }, headers: en });
      const fields = Object.fromEntries(broken.body.data.fields.map((f: { field: string; message: string }) => [f.field, f.message]));
      expect(fields).toMatchObject({ startDate: 'Dates are written like 2026-01-31', annotationType: 'Please choose an annotation type' });
      const zh = await call(platform, 'POST', '/manage/projects', { token: admin, body: { ...basics, title: '' } });
      expect(zh.body.data.fields).toEqual([{ field: 'title', message: '项目名称不能为空' }]);
    });

    it('answers 404 for a project that does not exist, whatever is asked of it', async () => {
      const unknown = randomUUID();
      expect((await call(platform, 'GET', `/manage/projects/${unknown}`, { token: admin })).status).toBe(404);
      expect((await verb(unknown, 'publish')).status).toBe(404);
      expect((await step(unknown, 'tools', { tools: [tool] })).status).toBe(404);
      expect((await verb(unknown, 'clone')).status).toBe(404);
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

    it('wants at least one link, each with a name', async () => {
      const id = await draft('Unnamed links');
      const empty = await step(id, 'links', { links: [] }, en);
      expect(empty.body.data.fields).toEqual([{ field: 'links.0', message: 'Please add at least one link' }]);
      const unnamed = await step(id, 'links', { links: [link('annotation', ' '), link('inspection')] });
      expect(unnamed.body.data.fields).toEqual([{ field: 'links.0.name', message: '环节名称不能为空' }]);
    });

    it('keeps the first link in place while a batch is being imported into it', async () => {
      const { id, links } = await complete('Importing pipeline');
      const batch = await call(platform, 'POST', `/manage/projects/${id}/batches`, { token: admin, body: { name: 'Folder', priority: 1, uploadType: 'local' } });
      expect(batch.status, JSON.stringify(batch.body)).toBe(200);
      // No worker runs in this file, so the import stays requested: its items are still on their way to the first link.
      const requested = await call(platform, 'POST', `/manage/batches/${batch.body.data.id}/import`, { token: admin, body: { path: 'frames' } });
      expect(requested.status, JSON.stringify(requested.body)).toBe(200);
      const replaced = await step(id, 'links', { links: [link('annotation'), links[1]] }, en);
      expect(replaced.status).toBe(400);
      expect(replaced.body.data.fields).toEqual([
        { field: 'links.0', message: 'Phases cannot be deleted when they have tasks' },
        { field: 'links.0', message: 'Phases cannot be added when they have tasks' },
      ]);
      expect((await step(id, 'links', { links: [{ ...links[0], name: 'Draw' }, links[1]] })).status).toBe(200);
    });

    it('keeps the links of a pipeline with tasks: none added, none removed', async () => {
      const { id } = await complete('Busy pipeline');
      const links = [link('annotation'), link('inspection'), link('annotation'), link('inspection')];
      expect((await step(id, 'links', { links })).status).toBe(200);
      // One item waiting in the first link's pool and its count, as an import leaves them (removed again below, so replay still matches).
      const nil = '00000000-0000-0000-0000-000000000000';
      const item = { item_id: randomUUID(), batch_id: randomUUID(), project_id: id, link_id: links[0].id, seq: 1, file_name: 'a.png', path: 'a.png', size: 1, media_type: 'image/png', width: 1, height: 1, checksum: 'x', created_at: new Date() };
      await platform.database.db.insertInto('items').values(item).execute();
      await platform.database.db.insertInto('item_counts').values({ project_id: id, link_id: links[0].id, status: 'waiting', team_id: nil, group_id: nil, items: 1 }).execute();
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
      await platform.database.db.deleteFrom('items').where('item_id', '=', item.item_id).execute();
      await platform.database.db.deleteFrom('item_counts').where('project_id', '=', id).execute();
    });
  });

  describe('tools and rules', () => {
    it('wants at least one tool, each once', async () => {
      const id = await draft('Tool choice');
      const none = await step(id, 'tools', { tools: [] });
      expect(none.body.data.fields).toEqual([{ field: 'tools', message: '请至少选择一个工具' }]);
      const twice = await step(id, 'tools', { tools: [tool, tool] }, en);
      expect(twice.body.data.fields).toEqual([{ field: 'tools', message: 'A tool is chosen twice' }]);
      const unknownData = await step(id, 'rules', { ...rules, dataRule: { ruleId: randomUUID(), ruleVersion: 1 } }, en);
      expect(unknownData.body.data.fields).toEqual([{ field: 'dataRule', message: 'This import/export rule version does not exist' }]);
    });

    it('wants at least one error group, since every project ends in an inspection whose rejection names one', async () => {
      const id = await draft('Group choice');
      const { errorGroupIds, ...without } = rules;
      const missing = await step(id, 'rules', without);
      expect(missing.body.data.fields).toEqual([{ field: 'errorGroupIds', message: '请至少选择一个用于标记的错误属性组' }]);
      const none = await step(id, 'rules', { ...rules, errorGroupIds: [] }, en);
      expect(none.body.data.fields).toEqual([{ field: 'errorGroupIds', message: "Choose at least one error group for the project's marks" }]);
      expect((await step(id, 'rules', { ...rules, errorGroupIds })).status).toBe(200);
    });

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
      expect((await detail(id)).published).toBe(false);
      for (const [name, status] of path) {
        const answer = await verb(id, name);
        expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(200);
        expect((await detail(id)).status).toBe(status);
      }
      // Closed after it ran, so the machine offers reopen again; the list carries what the machine needs to say so.
      const listed = await call(platform, 'GET', '/manage/projects?keyword=Lifecycle&tab=finish', { token: admin });
      expect(listed.body.data.items).toEqual([expect.objectContaining({ id, status: 'closed', published: true })]);
      expect((await verb(id, 'reopen')).status).toBe(200);
    });

    it('refuses to edit a completed project until it is reopened', async () => {
      const { id } = await complete('Finished work');
      for (const name of ['publish', 'finish']) expect((await verb(id, name)).status).toBe(200);
      const refused = await step(id, 'basics', { ...basics, title: 'Late change' }, en);
      expect(refused.status).toBe(409);
      expect(refused.body.errCode).toBe('INVALID_TRANSITION');
      expect(refused.body.message).toContain('reopen the project');
      expect((await verb(id, 'reopen')).status).toBe(200);
      expect((await step(id, 'basics', { ...basics, title: 'Late change' })).body.data).toMatchObject({ status: 'reopened', missing: [] });
      expect((await detail(id)).title).toBe('Late change');
    });

    it('closes a draft for good: it never ran, so it is cloned rather than reopened; PMs manage the admin\'s projects', async () => {
      const id = await draft('Dropped draft');
      expect((await verb(id, 'close', cast.tokens['10'])).status).toBe(200);
      expect(await detail(id)).toMatchObject({ status: 'closed', published: false });
      const reopened = await verb(id, 'reopen', cast.tokens['20'], en);
      expect(reopened.status).toBe(409);
      expect(reopened.body.errCode).toBe('INVALID_TRANSITION');
      const cloned = await verb(id, 'clone', cast.tokens['20']);
      expect(cloned.status).toBe(200);
      expect(await detail(cloned.body.data.id, cast.tokens['20'])).toMatchObject({ title: 'Dropped draft (copy)', status: 'waiting_for_improvement', clonedFrom: id });
    });

    it('answers a refused edge with 409 INVALID_TRANSITION naming what is allowed', async () => {
      const { id } = await complete('Refused edge');
      const refused = await verb(id, 'resume', admin, en);
      expect(refused.status).toBe(409);
      expect(refused.body.errCode).toBe('INVALID_TRANSITION');
      expect(refused.body.message).toContain('publish the project');
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
        // The tagger the PM put on the link by name is of the supplier's own team, so the supplier sees it.
        expect.objectContaining({ linkId: links[0].id, teams: [{ id: teamId, name: 'Road Team' }], taggers: [expect.objectContaining({ id: cast.ids['40'] })], candidates: [expect.objectContaining({ id: cast.ids['40'] })], groups: [expect.objectContaining({ name: 'Night shift', taggers: [expect.objectContaining({ id: cast.ids['40'] })] })] }),
      ]);
      const removed = await call(platform, 'POST', `/manage/projects/${id}/links/${links[0].id}/groups/${group.body.data.groupId}/delete`, { token: cast.tokens['30'] });
      expect(removed.status).toBe(200);
      const pm = await call(platform, 'GET', `/manage/projects/${id}/members`, { token: admin });
      expect(pm.body.data[0].groups).toEqual([]);
      expect(pm.body.data[0].taggers).toEqual([expect.objectContaining({ id: cast.ids['40'], name: 'Tagger' })]);
    });
  });

  describe('supplier groups', () => {
    it('lets a tagger its supplier grouped see the project, until the PM takes the team off the link', async () => {
      const { id, links } = await complete('Grouped work');
      const unknownTeam = await step(id, `links/${links[0].id}/members`, { teamIds: [randomUUID()], taggerIds: [] }, en);
      expect(unknownTeam.body.data.fields).toEqual([{ field: 'teamIds.0', message: 'This team does not exist' }]);
      expect((await step(id, `links/${links[0].id}/members`, { teamIds: [teamId], taggerIds: [] })).status).toBe(200);
      const groupedId = await createPerson(platform, admin, { role: '40', name: 'Grouped', account: 'grouped@example.com', password: 'Tagger@123', teamId });
      const grouped = await signIn(platform, 'grouped@example.com', 'Tagger@123', 1);
      expect((await call(platform, 'GET', `/manage/projects/${id}`, { token: grouped })).status).toBe(404);

      const groups = `/manage/projects/${id}/links/${links[0].id}/groups`;
      const unnamed = await call(platform, 'POST', groups, { token: cast.tokens['30'], body: { name: ' ', taggerIds: [groupedId] } });
      expect(unnamed.body.data.fields).toEqual([{ field: 'name', message: '分组名称不能为空' }]);
      const created = await call(platform, 'POST', groups, { token: cast.tokens['30'], body: { name: 'Night shift', taggerIds: [groupedId] } });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const renamed = await call(platform, 'PUT', `${groups}/${created.body.data.groupId}`, { token: cast.tokens['30'], body: { name: 'Day shift', taggerIds: [groupedId] } });
      expect(renamed.status).toBe(200);
      expect((await call(platform, 'GET', `/manage/projects/${id}/members`, { token: admin })).body.data[0].groups).toEqual([
        { groupId: created.body.data.groupId, name: 'Day shift', teamId, taggers: [{ id: groupedId, name: 'Grouped', account: 'grouped@example.com' }] },
      ]);
      const seen = await call(platform, 'GET', '/manage/projects?keyword=Grouped', { token: grouped });
      expect(seen.body.data.items.map((p: { id: string }) => p.id)).toEqual([id]);
      expect((await call(platform, 'GET', `/manage/projects/${id}`, { token: grouped })).status).toBe(200);
      const groupedCounts = await call(platform, 'GET', '/manage/projects/counts', { token: grouped });
      expect(groupedCounts.body.data).toMatchObject({ waiting_for_publish: 1, in_progress: 0 });

      expect((await step(id, `links/${links[0].id}/members`, { teamIds: [], taggerIds: [] })).status).toBe(200);
      expect((await call(platform, 'GET', `/manage/projects/${id}`, { token: grouped })).status).toBe(404);
      expect((await call(platform, 'GET', `/manage/projects/${id}/members`, { token: admin })).body.data[0].groups).toEqual([]);
      const gone = await call(platform, 'PUT', `${groups}/${created.body.data.groupId}`, { token: cast.tokens['30'], body: { name: 'Late', taggerIds: [] } });
      expect(gone.status).toBe(404);
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
      expect(Object.values((await call(platform, 'GET', '/manage/projects/counts', { token: cast.tokens['50'] })).body.data)).toEqual([0, 0, 0, 0, 0, 0, 0]);

      await call(platform, 'POST', '/manage/projects', { token: admin, body: { ...basics, title: 'Paged trial video', type: 'trial', annotationType: 'video' } });
      const titles = async (query: string) =>
        (await call(platform, 'GET', `/manage/projects?keyword=Paged&${query}`, { token: admin })).body.data.items.map((p: { title: string }) => p.title);
      expect(await titles('type=trial')).toEqual(['Paged trial video']);
      expect(await titles('annotationType=video&status=waiting_for_improvement')).toEqual(['Paged trial video']);
      expect(await titles('type=formal&tab=release')).toEqual(['Paged 3', 'Paged 2', 'Paged 1']);
      expect(await titles('status=in_progress')).toEqual([]);

      // The management log is an async projection, caught up here since no worker runs in this file. It reads only
      // settled events, so a transaction of another test file on the same server can hold it back for a moment.
      const operations = await eventually(
        async () => {
          await catchUp(platform.database.db, managementLogProjection);
          const log = await call(platform, 'GET', '/manage/history/getoperatehistory?limit=100&offset=0', { token: admin, headers: en });
          return log.body.data.list.map((e: { user_name: string; operation: string }) => `${e.user_name}: ${e.operation}`) as string[];
        },
        (seen) => seen.includes('Admin: Created the project Paged trial video'),
      );
      expect(operations).toEqual(expect.arrayContaining(['Admin: Created the project Paged 1', 'Admin: Created the project Paged trial video']));
      const zhLog = await call(platform, 'GET', '/manage/history/getoperatehistory?limit=100&offset=0', { token: admin });
      expect(zhLog.body.data.list.map((e: { operation: string }) => e.operation)).toContain('创建了项目 Paged 3');
      const replay = await verifyReplay(platform.database.db, projectionCatalogue.filter((p) => p.mode === 'inline'));
      expect(replay.tables.filter((t) => t.missingCount + t.extraCount > 0)).toEqual([]);
    });
  });
});
