// What each role reads of a project it works on: its own people and no prices; batches for the people of the links; 404 for outsiders.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png, upload, zipOf } from '../support/batches';
import { castOfEveryRole, createPerson } from '../support/people';
import { call, eventually, startPlatform, type Platform } from '../support/platform';
import { signIn, signInAdmin } from '../support/sign-in';

const basics = {
  title: 'Night lanes',
  type: 'formal',
  annotationType: 'picture_single_frame',
  startDate: '2026-12-01',
  endDate: '2026-12-31',
  unitPrice: 0.75,
  storageAddress: 'bucket://night-lanes/raw',
  reworkMaxCount: 2,
  autoRecycle: { enabled: false },
};

/** Fails naming the first of the secrets that appears anywhere in the answer. */
function holdsNone(answer: unknown, secrets: Record<string, string>): void {
  const text = JSON.stringify(answer);
  for (const [what, secret] of Object.entries(secrets)) expect(text.includes(secret), `${what} leaked: ${text}`).toBe(false);
}

describe('views per role', () => {
  let platform: Platform;
  let root: string;
  let pm: string;
  let projectId: string;
  let links: { id: string; type: 'annotation' | 'inspection'; name: string }[];
  let batchId: string;
  const teams = { ours: '', theirs: '', far: '' };
  const ids = { tagger: '', theirTagger: '', theirGrouped: '', supplier: '', theirSupplier: '' };
  const tokens = { supplier: '', tagger: '', client: '', theirSupplier: '', farSupplier: '', stranger: '' };

  const get = (url: string, token: string) => call(platform, 'GET', url, { token });
  const team = async (name: string) => (await call(platform, 'POST', '/manage/teams', { token: pm, body: { name, organisationId: name, hiveId: '1', size: 5, mobile: 'team@example.com' } })).body.data.id as string;
  const person = async (role: '30' | '40', name: string, teamId: string | null) => {
    const account = `${name.toLowerCase().replace(/\s+/g, '-')}@example.com`;
    const id = await createPerson(platform, pm, { role, name, account, password: 'Person@123', teamId });
    return { id, token: await signIn(platform, account, 'Person@123', role === '30' ? 2 : 1) };
  };
  const put = async (url: string, body: unknown, token = pm) => {
    const answer = await call(platform, 'PUT', url, { token, body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'annot-role-views-'));
    platform = await startPlatform({ config: { storageDir: path.join(root, 'storage'), importRoot: path.join(root, 'import') } });
    // The admin makes the teams; the cast then signs it in again, and a PM runs the project from there on.
    pm = await signInAdmin(platform);
    teams.ours = await team('Road Team');
    teams.theirs = await team('Rival Team');
    teams.far = await team('Far Team');
    const cast = await castOfEveryRole(platform, teams.ours);
    pm = cast.tokens['10'];
    ids.supplier = cast.ids['30'];
    ids.tagger = cast.ids['40'];
    tokens.supplier = cast.tokens['30'];
    tokens.tagger = cast.tokens['40'];
    tokens.client = cast.tokens['50'];
    const theirSupplier = await person('30', 'Rival Supplier', teams.theirs);
    ids.theirSupplier = theirSupplier.id;
    tokens.theirSupplier = theirSupplier.token;
    ids.theirTagger = (await person('40', 'Rival Tagger', teams.theirs)).id;
    ids.theirGrouped = (await person('40', 'Rival Grouped', teams.theirs)).id;
    tokens.farSupplier = (await person('30', 'Far Supplier', teams.far)).token;
    tokens.stranger = (await person('40', 'Stranger', null)).token;

    const tool = await call(platform, 'POST', '/manage/tools', { token: pm, body: { name: 'Box', templateType: 'box' } });
    const rule = await call(platform, 'POST', '/manage/annotation-rules', { token: pm, body: { name: 'Lane rules', configId: 'LANE' } });
    await call(platform, 'POST', `/manage/annotation-rules/${rule.body.data.id}/versions`, { token: pm, body: { html: '<p>Draw every lane</p>' } });
    projectId = (await call(platform, 'POST', '/manage/projects', { token: pm, body: basics })).body.data.id;
    links = [
      { id: randomUUID(), type: 'annotation', name: 'Draw' },
      { id: randomUUID(), type: 'inspection', name: 'Check' },
    ];
    await put(`/manage/projects/${projectId}/tools`, { tools: [{ toolId: tool.body.data.id, toolVersion: 1 }] });
    await put(`/manage/projects/${projectId}/links`, { links });
    const errorGroup = await call(platform, 'POST', '/manage/error-groups', { token: pm, body: { name: 'Lane fit', values: [{ name: 'broken lane', color: '#00aa00', type: 'line' }] } });
    await put(`/manage/projects/${projectId}/rules`, { annotationRule: { ruleId: rule.body.data.id, ruleVersion: 1 }, countdownSeconds: 10, rereadByAnnotator: true, errorGroupIds: [errorGroup.body.data.id] });
    // Both teams draw; only the rival team checks. Each team has a tagger named on the link, the rival team a group as well.
    await put(`/manage/projects/${projectId}/links/${links[0].id}/members`, { teamIds: [teams.ours, teams.theirs], taggerIds: [ids.tagger, ids.theirTagger] });
    await put(`/manage/projects/${projectId}/links/${links[1].id}/members`, { teamIds: [teams.theirs], taggerIds: [ids.theirTagger] });
    const group = await call(platform, 'POST', `/manage/projects/${projectId}/links/${links[0].id}/groups`, { token: tokens.theirSupplier, body: { name: 'Rival shift', taggerIds: [ids.theirGrouped] } });
    expect(group.status, JSON.stringify(group.body)).toBe(200);

    batchId = (await call(platform, 'POST', `/manage/projects/${projectId}/batches`, { token: pm, body: { name: 'Week 1', priority: 1, uploadType: 'zip' } })).body.data.id;
    const zip = await zipOf([
      { name: 'week1/0.png', content: png(4, 3, 1) },
      { name: 'week1/1.png', content: png(4, 3, 2) },
      { name: 'week1/broken.png', content: Buffer.from('not a png') },
    ]);
    expect((await upload(platform, pm, batchId, [{ name: 'week1.zip', content: zip }])).status).toBe(200);
    await eventually(() => get(`/manage/batches/${batchId}`, pm), (r) => r.body.data.status === 'in_progress');
  });
  afterAll(async () => {
    await platform.stop();
    await rm(root, { recursive: true, force: true });
  });

  const rivals = () => ({ 'the rival team': teams.theirs, 'a rival tagger': ids.theirTagger, 'a rival grouped tagger': ids.theirGrouped, 'the rival group': 'Rival shift' });
  const staffOnly = { 'the unit price': 'unitPrice', 'the storage address': basics.storageAddress };

  describe('GET /manage/projects/:id', () => {
    it('shows the PM everything: every team, tagger, group and the price', async () => {
      const { body } = await get(`/manage/projects/${projectId}`, pm);
      expect(body.data.basics).toMatchObject({ unitPrice: 0.75, storageAddress: basics.storageAddress });
      expect(body.data.links[0].members).toEqual({ teamIds: [teams.ours, teams.theirs], taggerIds: [ids.tagger, ids.theirTagger] });
      expect(body.data.links[0].groups).toHaveLength(1);
    });

    it('shows a supplier its team and its tagger on the link its team draws, and nothing of the rival team or the price', async () => {
      const { status, body } = await get(`/manage/projects/${projectId}`, tokens.supplier);
      expect(status).toBe(200);
      expect(body.data.links.map((l: { id: string; members: unknown; groups: unknown }) => [l.id, l.members, l.groups])).toEqual([
        [links[0].id, { teamIds: [teams.ours], taggerIds: [ids.tagger] }, []],
      ]);
      holdsNone(body, { ...rivals(), ...staffOnly });
    });

    it('shows a tagger the link it is on with nobody but itself, and no price', async () => {
      const { status, body } = await get(`/manage/projects/${projectId}`, tokens.tagger);
      expect(status).toBe(200);
      expect(body.data.links.map((l: { id: string; members: unknown }) => [l.id, l.members])).toEqual([[links[0].id, { teamIds: [], taggerIds: [ids.tagger] }]]);
      holdsNone(body, { ...rivals(), ...staffOnly, 'its own team': teams.ours, 'its supplier': ids.supplier });
    });

    it('shows the rival supplier its group and not the other team', async () => {
      const { body } = await get(`/manage/projects/${projectId}`, tokens.theirSupplier);
      expect(body.data.links.map((l: { id: string }) => l.id)).toEqual([links[0].id, links[1].id]);
      expect(body.data.links[0].groups.map((g: { name: string }) => g.name)).toEqual(['Rival shift']);
      holdsNone(body, { 'the other team': teams.ours, 'the other tagger': ids.tagger, ...staffOnly });
    });

    it('answers 404 to a supplier and a tagger on no link of the project, and lists it to neither', async () => {
      for (const token of [tokens.farSupplier, tokens.stranger, tokens.client]) {
        const { status, body } = await get(`/manage/projects/${projectId}`, token);
        expect(status).toBe(404);
        holdsNone(body, { 'the title': basics.title });
        expect((await get('/manage/projects', token)).body.data.items).toEqual([]);
      }
    });

    it('lists the project to its members without a price', async () => {
      for (const token of [tokens.supplier, tokens.tagger]) {
        const { body } = await get('/manage/projects', token);
        expect(body.data.items.map((p: { id: string }) => p.id)).toEqual([projectId]);
        holdsNone(body, { ...rivals(), ...staffOnly });
      }
    });
  });

  describe('GET /manage/projects/:id/members', () => {
    it('gives a supplier its own people and candidates only', async () => {
      const { status, body } = await get(`/manage/projects/${projectId}/members`, tokens.supplier);
      expect(status).toBe(200);
      expect(body.data).toEqual([
        expect.objectContaining({ linkId: links[0].id, teams: [{ id: teams.ours, name: 'Road Team' }], taggers: [expect.objectContaining({ id: ids.tagger })], groups: [] }),
      ]);
      holdsNone(body, rivals());
    });

    it('keeps the members screen from taggers and from suppliers on no link', async () => {
      const tagger = await get(`/manage/projects/${projectId}/members`, tokens.tagger);
      expect(tagger.status).toBe(403);
      expect(tagger.body.errCode).toBe('FORBIDDEN');
      holdsNone(tagger.body, rivals());
      expect((await get(`/manage/projects/${projectId}/members`, tokens.farSupplier)).status).toBe(404);
    });
  });

  describe('batches', () => {
    const reads = () => [`/manage/projects/${projectId}/batches`, `/manage/batches/${batchId}`, `/manage/batches/${batchId}/items`];

    it('are read by the supplier and the tagger of a link, items included, with nothing of other teams', async () => {
      for (const token of [tokens.supplier, tokens.tagger]) {
        const [list, batch, items] = await Promise.all(reads().map((url) => get(url, token)));
        expect([list.status, batch.status, items.status]).toEqual([200, 200, 200]);
        expect(list.body.data.map((b: { id: string }) => b.id)).toEqual([batchId]);
        expect(batch.body.data).toMatchObject({ id: batchId, items: 2, failed: 1, failureFile: true });
        expect(items.body.data.items.map((i: { fileName: string }) => i.fileName)).toEqual(['week1/0.png', 'week1/1.png']);
        holdsNone([list.body, batch.body, items.body], { ...rivals(), ...staffOnly });
        const failures = await fetch(`${platform.baseUrl}/manage/batches/${batchId}/failures`, { headers: { authorization: `Bearer ${token}` } });
        expect(failures.status).toBe(200);
        expect(await failures.text()).toContain('week1/broken.png');
      }
    });

    it('answer 404 to a supplier and a tagger on no link of the project, as the project does', async () => {
      for (const token of [tokens.farSupplier, tokens.stranger]) {
        for (const url of [...reads(), `/manage/batches/${batchId}/failures`]) {
          const { status, body } = await get(url, token);
          expect(status, url).toBe(404);
          holdsNone(body, { 'the batch name': 'Week 1', 'a file name': 'week1/' });
        }
      }
    });

    it('are kept from client acceptors, who work on no link', async () => {
      for (const url of reads()) expect((await get(url, tokens.client)).status, url).toBe(403);
    });

    it('are written by the staff only: members and outsiders are refused, and nothing changes', async () => {
      const writes: [string, string, unknown][] = [
        ['POST', `/manage/projects/${projectId}/batches`, { name: 'Mine', priority: 1, uploadType: 'zip' }],
        ['PATCH', `/manage/batches/${batchId}`, { name: 'Renamed', priority: 9 }],
        ['POST', `/manage/batches/${batchId}/import`, { path: 'a' }],
        ['POST', `/manage/batches/${batchId}/pause`, { kind: 'annotation' }],
        ['POST', `/manage/batches/${batchId}/stop`, {}],
        ['POST', `/manage/batches/${batchId}/delete`, {}],
      ];
      for (const token of [tokens.supplier, tokens.tagger, tokens.stranger]) {
        for (const [method, url, body] of writes) {
          const refused = await call(platform, method, url, { token, body });
          expect(refused.status, `${method} ${url}`).toBe(403);
          expect(refused.body.errCode).toBe('FORBIDDEN');
        }
        const zip = await zipOf([{ name: 'x.png', content: png(2, 2, 9) }]);
        expect((await upload(platform, token, batchId, [{ name: 'x.zip', content: zip }])).status).toBe(403);
      }
      const batch = await get(`/manage/batches/${batchId}`, pm);
      expect(batch.body.data).toMatchObject({ name: 'Week 1', priority: 1, status: 'in_progress', items: 2 });
      expect((await get(`/manage/projects/${projectId}/batches`, pm)).body.data).toHaveLength(1);
    });
  });
});
