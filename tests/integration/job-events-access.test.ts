// The events stream tells each signed-in account only of jobs about what it may read, by the rules of the subject's
// read route, decided as each event is delivered: a member taken off a project hears nothing more of it at once, and
// a claim's expiry reaches its claimer alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png, upload, zipOf } from '../support/batches';
import { type Demo, startDemo } from '../support/demo';
import { listenToJobs, type StreamedEvent } from '../support/job-stream';
import { type ModelServer, startModelServer } from '../support/model-server';
import { createPerson } from '../support/people';
import { call, eventually } from '../support/platform';
import { signIn, signInInternal } from '../support/sign-in';

type Who = 'admin' | 'pm' | 'otherPm' | 'supplier' | 'tagger' | 'client' | 'member';
interface Person {
  id: string;
  token: string;
}

const jobEvents = (events: StreamedEvent[]) => events.filter((e) => ['progress', 'completed', 'failed'].includes(e.event));
const about = (events: StreamedEvent[], id: string) => jobEvents(events).filter((e) => e.data.subject?.id === id);
const completed = (events: StreamedEvent[], id: string, name?: string) => about(events, id).some((e) => e.event === 'completed' && (!name || e.data.name === name));

describe('job events on the events stream', () => {
  let demo: Demo;
  let model: ModelServer;
  let algorithmId: string;
  let annotationLink: Demo['links'][number];
  const people = {} as Record<Who, Person>;

  const ok = async <T = any>(method: string, path: string, token: string, body?: unknown): Promise<T> => {
    const answer = await call(demo.platform, method, path, { token, body });
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body.data as T;
  };
  let seed = 0;
  /** The PM makes a batch of two pictures and uploads it, which imports it. */
  const importBatch = async (name: string): Promise<string> => {
    const { id } = await ok<{ id: string }>('POST', `/manage/projects/${demo.projectId}/batches`, people.pm.token, { name, priority: 1, uploadType: 'zip' });
    const zip = await zipOf([0, 1].map((i) => ({ name: `${name}/${i}.png`, content: png(64, 48, 100 + seed++) })));
    const uploaded = await upload(demo.platform, people.pm.token, id, [{ name: 'pictures.zip', content: zip }]);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    return id;
  };
  /** A notice to everyone, published by its timer: a job every subscriber may hear of, sent after what came before. */
  const marker = async (title: string): Promise<string> => {
    const { id } = await ok<{ id: string }>('POST', '/manage/announcements', people.admin.token, { title, content: `<p>${title}</p>`, scope: { everyone: true } });
    await ok('POST', `/manage/announcements/${id}/schedule`, people.admin.token, { publishAt: new Date(Date.now() + 500).toISOString() });
    return id;
  };
  const setTaggers = (taggerIds: string[]) =>
    ok('PUT', `/manage/projects/${demo.projectId}/links/${annotationLink.id}/members`, people.admin.token, { teamIds: annotationLink.members.teamIds, taggerIds });

  beforeAll(async () => {
    model = await startModelServer();
    // A minute of a claim's deadline lasts two seconds here, so a one-minute claim runs out while the test watches.
    demo = await startDemo({ config: { claimMinuteMs: 2_000 } });
    const admin = demo.admin;
    annotationLink = demo.links.find((l) => l.type === 'annotation')!;
    const { id: adminId } = (await call(demo.platform, 'GET', '/api/user/info', { token: admin })).body.data.data;
    const { id: teamId } = await ok<{ id: string }>('POST', '/manage/teams', admin, { name: 'Elsewhere Team', organisationId: 'ORG-E', hiveId: '4000', size: 3, mobile: 'elsewhere@example.com' });
    const person = async (role: string, account: string, password: string, extra: Record<string, unknown> = {}) =>
      createPerson(demo.platform, admin, { role, name: `Events ${role}`, account, password, ...extra });
    people.admin = { id: adminId, token: admin };
    for (const [who, role] of [['pm', '10'], ['otherPm', '20']] as const) {
      const account = `events-${who.toLowerCase()}@example.com`;
      const id = await person(role, account, 'Manage@123', { email: account });
      people[who] = { id, token: await signInInternal(demo.platform, account, 'Manage@123') };
    }
    const outsiders = [
      ['supplier', '30', 2, { teamId }],
      ['tagger', '40', 1, { teamId: null }],
      ['member', '40', 1, { teamId: null }],
      ['client', '50', 3, {}],
    ] as const;
    for (const [who, role, tab, extra] of outsiders) {
      const account = `events-${who}@example.com`;
      const id = await person(role, account, 'Events@123', extra);
      people[who] = { id, token: await signIn(demo.platform, account, 'Events@123', tab) };
    }
    await setTaggers([...annotationLink.members.taggerIds, people.member.id]);

    ({ id: algorithmId } = await ok<{ id: string }>('POST', '/manage/algorithms', admin, {
      interfaceName: 'events-detector',
      nameZh: '事件检测器',
      nameEn: 'Events detector',
      developer: 'Tests',
      version: '1.0',
      endpoint: model.url,
      controlGroupRatio: 0,
      concurrency: 2,
      timeoutMs: 2_000,
    }));
    const { basics } = await ok<{ basics: Record<string, unknown> }>('GET', `/manage/projects/${demo.projectId}`, admin);
    const algorithmConfig = { calls: [{ algorithmId, versionId: null, linkId: null, scoreThreshold: 0.5 }], controlGroupRatio: 0 };
    await ok('PUT', `/manage/projects/${demo.projectId}/basics`, admin, { ...basics, algorithmConfig });
  }, 240_000);
  afterAll(async () => {
    await demo?.platform.stop();
    await model?.close();
  });

  it("sends an export's, an import's and an algorithm call's events to those their read routes admit, and nothing to anyone else", async () => {
    let markerId: string | null = null;
    const heardMarker = (events: StreamedEvent[]) => markerId !== null && completed(events, markerId);
    const subscribers: Who[] = ['admin', 'pm', 'otherPm', 'supplier', 'tagger', 'client', 'member'];
    const streams = Object.fromEntries(await Promise.all(subscribers.map(async (who) => [who, await listenToJobs(demo.platform, people[who].token, heardMarker)] as const)));
    const admin = streams.admin.received;

    const { exportId } = await ok<{ exportId: string }>('POST', `/manage/projects/${demo.projectId}/exports`, people.pm.token, { format: 'coco' });
    const batchId = await importBatch('events-import');
    await eventually(async () => admin, (events) => completed(events, batchId, 'batch.import') && completed(events, exportId, 'export.run'), 60_000);
    const { callId } = await ok<{ callId: string }>('POST', '/manage/algorithm-calls', people.admin.token, {
      projectId: demo.projectId,
      algorithmId,
      scope: { type: 'batch', batchId },
      controlGroupRatio: 0,
    });
    // Two items make one chunk: the call's last job is its one chunk.
    await eventually(async () => admin, (events) => completed(events, callId, 'algorithm.plan') && completed(events, callId, 'algorithm.call'), 60_000);
    markerId = await marker('After the jobs');
    const received = Object.fromEntries(await Promise.all(subscribers.map(async (who) => [who, await streams[who].done] as const))) as Record<Who, StreamedEvent[]>;

    const subjects = { export: exportId, batch: batchId, algorithm_call: callId };
    const readRoutes = { export: `/manage/exports/${exportId}`, batch: `/manage/batches/${batchId}`, algorithm_call: `/manage/algorithm-calls/${callId}` };
    // The staff read all three; a tagger on the project reads its batches; the others read none of them.
    const mayRead: Record<Who, (keyof typeof subjects)[]> = {
      admin: ['export', 'batch', 'algorithm_call'],
      pm: ['export', 'batch', 'algorithm_call'],
      otherPm: ['export', 'batch', 'algorithm_call'],
      member: ['batch'],
      supplier: [],
      tagger: [],
      client: [],
    };
    for (const who of subscribers) {
      const heard = Object.entries(subjects).flatMap(([type, id]) => (about(received[who], id).length > 0 ? [type] : []));
      expect([who, heard.sort()]).toEqual([who, [...mayRead[who]].sort()]);
      // The same rule as each subject's read route, asked as the subscriber.
      for (const [type, path] of Object.entries(readRoutes)) {
        const { status } = await call(demo.platform, 'GET', path, { token: people[who].token });
        expect([who, type, status === 200]).toEqual([who, type, mayRead[who].includes(type as keyof typeof subjects)]);
      }
      for (const type of mayRead[who]) {
        const events = about(received[who], subjects[type]);
        expect([who, type, events.some((e) => e.event === 'progress'), events.some((e) => e.event === 'completed')]).toEqual([who, type, true, true]);
      }
    }
    // Those who read none of them heard of nothing but the notice they are all told of.
    for (const who of ['supplier', 'tagger', 'client'] as const) {
      expect([who, jobEvents(received[who]).map((e) => e.data.subject)]).toEqual([who, [{ type: 'announcement', id: markerId }]]);
    }
  });

  it("tells a claimer alone that their claim ran out, not even the staff who read the item", async () => {
    const detail = await ok<{ basics: Record<string, unknown>; rules: Record<string, unknown> }>('GET', `/manage/projects/${demo.projectId}`, people.admin.token);
    await ok('PUT', `/manage/projects/${demo.projectId}/basics`, people.admin.token, { ...detail.basics, autoRecycle: { enabled: true, timeoutMinutes: 1 } });
    const { annotationRule, rereadByAnnotator, dataRule, errorGroupIds } = detail.rules;
    await ok('PUT', `/manage/projects/${demo.projectId}/rules`, people.admin.token, { annotationRule, countdownSeconds: 0, rereadByAnnotator, dataRule, errorGroupIds });
    await ok('POST', `/manage/items/projects/${demo.projectId}/rule-readings`, people.member.token);
    let markerId: string | null = null;
    const listeners: Who[] = ['member', 'admin', 'pm', 'tagger'];
    const streams = Object.fromEntries(
      await Promise.all(listeners.map(async (who) => [who, await listenToJobs(demo.platform, people[who].token, (events) => markerId !== null && completed(events, markerId))] as const)),
    );

    const { items } = await ok<{ items: string[] }>('POST', `/manage/items/links/${annotationLink.id}/claims`, people.member.token, { count: 1 });
    const itemId = items[0];
    await eventually(async () => streams.member.received, (events) => completed(events, itemId, 'item.expire_claim'), 30_000);
    markerId = await marker('After the expiry');

    for (const who of listeners) {
      const heard = about(await streams[who].done, itemId);
      expect([who, heard.map((e) => [e.event, e.data.name])]).toEqual([who, who === 'member' ? [['completed', 'item.expire_claim']] : []]);
    }
    expect((await ok<{ status: string }>('GET', `/manage/items/${itemId}`, people.admin.token)).status).not.toBe('claimed');
  });

  it('stops sending the events of a project to a member taken off it, on the stream opened while they were on it', async () => {
    let markerId: string | null = null;
    const member = await listenToJobs(demo.platform, people.member.token, (events) => markerId !== null && completed(events, markerId));
    const admin = await listenToJobs(demo.platform, people.admin.token, (events) => markerId !== null && completed(events, markerId));

    const before = await importBatch('events-before');
    await eventually(async () => member.received, (events) => completed(events, before, 'batch.import'), 60_000);
    await setTaggers(annotationLink.members.taggerIds);
    const after = await importBatch('events-after');
    await eventually(async () => admin.received, (events) => completed(events, after, 'batch.import'), 60_000);
    markerId = await marker('After the removal');

    const heard = await member.done;
    expect(about(heard, after)).toEqual([]);
    expect(completed(heard, before, 'batch.import')).toBe(true);
    expect((await call(demo.platform, 'GET', `/manage/batches/${after}`, { token: people.member.token })).status).toBe(404);
    await admin.done;
  });
});
