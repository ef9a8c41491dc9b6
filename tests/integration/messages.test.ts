// The message center over the API: an inspector's rejection reaches the annotator as a message, the seed's two
// unread calls count it, the events stream announces the change, reading is the reader's own, and replay agrees.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenToJobs } from '../support/job-stream';
import { call, eventually } from '../support/platform';
import { replayVerifies } from '../support/replay';
import { ok, startWorkedProject, type WorkedProject } from '../support/worked-project';
import { boxResult } from '../support/demo';

let project: WorkedProject;
let itemId: string;

const unread = async (token: string) => (await ok<{ unread: number }>(project.platform, 'GET', '/api/messages/unread_count', token)).unread;

beforeAll(async () => {
  project = await startWorkedProject({ frames: [2] });
  const { platform, links, tagger, inspector } = project;
  [itemId] = (await ok<{ items: string[] }>(platform, 'POST', `/manage/items/links/${links.annotation}/claims`, tagger.token, { count: 1 })).items;
  await ok(platform, 'PUT', `/manage/items/${itemId}/result`, tagger.token, { result: boxResult(project.toolId) });
  await ok(platform, 'POST', `/manage/items/${itemId}/submit`, tagger.token);
  await ok(platform, 'POST', `/manage/items/links/${links.inspection}/claims`, inspector.token, { count: 1 });
}, 180_000);

afterAll(async () => project?.platform.stop());

describe('messages', () => {
  it('tells the annotator of a rejection live, counts it in both of the seed\'s calls, and says what happened in their language', async () => {
    const { platform, tagger, inspector, errorGroupId } = project;
    expect(await unread(tagger.token)).toBe(0);
    const stream = await listenToJobs(platform, tagger.token, (events) => events.some((e) => e.event === 'inbox' && e.data.unread === 1));
    await ok(platform, 'POST', `/manage/items/${itemId}/reject`, inspector.token, { marks: [{ errorGroupId, value: 'loose box', comment: 'too wide' }] });

    const received = await stream.done;
    // The stream tells the count as it opens, then again when the inbox changes.
    expect(received.filter((e) => e.event === 'inbox').map((e) => e.data)).toEqual([{ unread: 0 }, { unread: 1 }]);
    expect(await unread(tagger.token)).toBe(1);
    expect((await ok<{ count: number }>(platform, 'GET', '/manage/home/noreadcount', tagger.token)).count).toBe(1);
    // The inspector, who rejected it, has nothing new.
    expect(await unread(inspector.token)).toBe(0);

    const english = await call(platform, 'GET', '/manage/messages?state=unread', { token: tagger.token, headers: { 'x-language': 'en_US' } });
    expect(english.body.data.unread).toBe(1);
    expect(english.body.data.items).toHaveLength(1);
    expect(english.body.data.items[0]).toMatchObject({ kind: 'item_rejected', projectId: project.projectId, subject: { type: 'item', id: itemId }, readAt: null });
    expect(english.body.data.items[0].text).toBe('An item of Quality gates was rejected back to you (1 error mark, rework 1).');
    const chinese = await call(platform, 'GET', '/manage/messages', { token: tagger.token, headers: { 'x-language': 'zh_CN' } });
    expect(chinese.body.data.items[0].text).toContain('被驳回给你');
  });

  it('lets no one but its reader mark a message read, and marks it read for its reader', async () => {
    const { platform, tagger, inspector } = project;
    const [message] = (await ok<{ items: { messageId: string }[] }>(platform, 'GET', '/manage/messages', tagger.token)).items;
    const foreign = await call(platform, 'POST', '/manage/messages/read', { token: inspector.token, body: { messageIds: [message.messageId] } });
    expect(foreign.status).toBe(404);
    expect(await unread(tagger.token)).toBe(1);

    await ok(platform, 'POST', `/manage/messages/${message.messageId}/read`, tagger.token);
    await eventually(() => unread(tagger.token), (n) => n === 0);
    const read = await ok<{ items: { readAt: string | null }[] }>(platform, 'GET', '/manage/messages?state=read', tagger.token);
    expect(read.items).toHaveLength(1);
    expect(read.items[0].readAt).not.toBeNull();
    expect((await ok<{ items: unknown[] }>(platform, 'GET', '/manage/messages?state=unread', tagger.token)).items).toHaveLength(0);
  });

  it('marks everything received read at once, refuses bad input in the envelope, and replays to the same inbox', async () => {
    const { platform, admin, tagger } = project;
    await ok(platform, 'POST', '/manage/messages/read-all', tagger.token);
    await ok(platform, 'POST', '/manage/messages/read-all', admin);
    expect((await call(platform, 'POST', '/manage/messages/read', { token: tagger.token, body: { messageIds: [] } })).status).toBe(400);
    expect((await call(platform, 'GET', '/manage/messages?state=maybe', { token: tagger.token })).status).toBe(400);
    expect((await call(platform, 'GET', '/manage/messages?cursor=bm90LWEtY3Vyc29y', { token: tagger.token })).status).toBe(400);
    expect((await call(platform, 'GET', '/api/messages/unread_count')).status).toBe(403);
    expect(await replayVerifies(platform)).toEqual({ code: 0, differences: [] });
  });
});
