// Signed webhooks against a real receiver: every delivery's signature checks out, a receiver that answers 503 and then
// stops listening gets every event once it is back, in log order, a replay delivers again with the same ids, and
// another project's webhook gets none of this project's events.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { EventStore } from '@annot/core';
import { type Page, type WebhookDeliveryView, type WebhookPayload, type WebhookSecretAnswer, type WebhookView, webhookStreamId } from '@annot/workflows';
import { call, eventually } from '../support/platform';
import { replayVerifies } from '../support/replay';
import { type WebhookReceiver, startWebhookReceiver } from '../support/webhook-receiver';
import { finishItems, ok, startWorkedProject, type WorkedProject } from '../support/worked-project';

const types = ['ItemClaimed', 'ItemSubmitted', 'ItemPassed', 'ItemFinished'];

describe('webhooks', () => {
  let project: WorkedProject;
  let receiver: WebhookReceiver;
  let other: WebhookReceiver;
  let webhookId: string;
  const base = () => `/manage/projects/${project.projectId}/webhooks`;

  /** The events a webhook must deliver, in log order: this project's of its types, after its registration. */
  const expected = async (id = webhookId): Promise<string[]> => {
    const { rows } = await sql<{ event_id: string }>`
      SELECT e.event_id FROM events e, events r
      WHERE r.stream_id = ${webhookStreamId(id)} AND r.stream_position = 1
        AND e.type = ANY(${types}) AND e.data->>'projectId' = ${project.projectId}
        AND (e.tx_id, e.global_position) > (r.tx_id, r.global_position)
      ORDER BY e.tx_id, e.global_position`.execute(project.platform.database.db);
    return rows.map((r) => r.event_id);
  };
  /** Waits until the receiver has accepted every event its webhook must deliver, in order. */
  const deliveredTo = async (to: WebhookReceiver, id: string) =>
    eventually(async () => ({ accepted: to.accepted().map((d) => d.id), expected: await expected(id) }), (v) => v.expected.length > 0 && JSON.stringify(v.accepted) === JSON.stringify(v.expected), 30_000);
  const allDelivered = () => deliveredTo(receiver, webhookId);

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    other = await startWebhookReceiver();
    project = await startWorkedProject({
      // Eight items to finish, and a ninth to claim last.
      frames: [9],
      config: { webhooks: { allowLocalHttp: true, timeoutMs: 2_000, backoffMs: 50, maxBackoffMs: 400, pollMs: 50, concurrency: 4, logDays: 30 } },
    });
  }, 180_000);
  afterAll(async () => {
    await project?.platform.stop();
    await receiver?.stop();
    await other?.stop();
  });

  it('shows the secret once, at registration, and keeps it sealed in the log', async () => {
    const answer = await ok<WebhookSecretAnswer>(project.platform, 'POST', base(), project.admin, { url: receiver.url, eventTypes: types, description: 'QA pipeline' });
    expect(answer.secret).toMatch(/^whsec_/);
    webhookId = answer.id;
    receiver.secret = answer.secret!;
    const read = await call(project.platform, 'GET', `${base()}/${webhookId}`, { token: project.admin });
    expect(read.body.data).toMatchObject({ id: webhookId, url: receiver.url, eventTypes: types, status: 'enabled', description: 'QA pipeline' });
    expect(read.headers.get('etag')).toBe('"1"');
    expect(JSON.stringify(read.body)).not.toContain(answer.secret);
    expect(JSON.stringify((await ok<{ items: WebhookView[] }>(project.platform, 'GET', base(), project.admin)).items)).not.toContain(answer.secret);
    const { events } = await project.platform.api.get(EventStore).readStream(webhookStreamId(webhookId));
    expect(JSON.stringify(events)).not.toContain(answer.secret);
  });

  it('refuses plain http to another machine, unknown event types, and a tagger', async () => {
    const insecure = await call(project.platform, 'POST', base(), { token: project.admin, body: { url: 'http://hooks.example.com/annot', eventTypes: types } });
    expect(insecure.status).toBe(400);
    expect(JSON.stringify(insecure.body.data)).toContain('url');
    const unknown = await call(project.platform, 'POST', base(), { token: project.admin, body: { url: receiver.url, eventTypes: ['AccountCreated'] } });
    expect(unknown.status).toBe(400);
    const tagger = await call(project.platform, 'GET', base(), { token: project.tagger.token });
    expect(tagger.status).toBe(403);
    const elsewhere = await call(project.platform, 'GET', `/manage/projects/00000000-0000-4000-8000-000000000000/webhooks/${webhookId}`, { token: project.admin });
    expect(elsewhere.status).toBe(404);
  });

  it('delivers the project’s events of its types in log order, each signed', async () => {
    // Another project's webhook for the same types: none of these events are its project's.
    const otherProject = (await ok<{ id: string }>(project.platform, 'POST', '/manage/projects', project.admin, { title: 'Elsewhere', type: 'formal', annotationType: 'picture_single_frame', startDate: '2026-01-01', endDate: '2026-12-31', unitPrice: 0.1, reworkMaxCount: 1, autoRecycle: { enabled: false, timeoutMinutes: null }, permissions: { inspectorMayModify: false, repairAfterAcceptance: false, reacceptPassed: false } })).id;
    other.secret = (await ok<WebhookSecretAnswer>(project.platform, 'POST', `/manage/projects/${otherProject}/webhooks`, project.admin, { url: other.url, eventTypes: types })).secret!;

    await finishItems(project, 2);
    await allDelivered();
    expect(receiver.received.every((d) => d.signed)).toBe(true);
    const payloads = receiver.accepted().map((d) => JSON.parse(d.body) as WebhookPayload);
    expect(payloads.map((p) => p.type)).toEqual(expect.arrayContaining(types));
    expect(payloads.every((p) => p.projectId === project.projectId && p.webhookId === webhookId && receiver.accepted().some((d) => d.id === p.id))).toBe(true);
    expect(payloads[0]).toMatchObject({ streamId: expect.stringMatching(/^item-/), data: expect.objectContaining({ projectId: project.projectId }) });
    expect(other.received).toEqual([]);
  }, 60_000);

  it('keeps retrying with backoff while the receiver answers 503 and while it is gone, and delivers everything once it is back', async () => {
    receiver.mode = 'unavailable';
    await finishItems(project, 2);
    const failing = await eventually(() => ok<WebhookView>(project.platform, 'GET', `${base()}/${webhookId}`, project.admin), (w) => w.delivery.failures >= 3);
    expect(failing.delivery.lastError).toBe('HTTP 503');
    await receiver.stop();
    await finishItems(project, 2);
    await eventually(
      () => ok<Page<WebhookDeliveryView>>(project.platform, 'GET', `${base()}/${webhookId}/deliveries?limit=5`, project.admin),
      (page) => page.items.some((d) => !d.ok && d.statusCode === null),
    );
    receiver.mode = 'up';
    await receiver.start();
    await allDelivered();

    // Every request was signed; a delivery id came again only as a retry of the same body.
    expect(receiver.received.every((d) => d.signed)).toBe(true);
    const bodies = new Map<string, string>();
    for (const d of receiver.received) {
      expect(bodies.get(d.id) ?? d.body).toBe(d.body);
      bodies.set(d.id, d.body);
    }
    expect(receiver.received.filter((d) => d.status === 503).length).toBeGreaterThanOrEqual(3);
    // Per stream, positions only grow in the order accepted.
    const lastOf = new Map<string, number>();
    for (const p of receiver.accepted().map((d) => JSON.parse(d.body) as WebhookPayload)) {
      expect(Number(p.streamPosition)).toBeGreaterThan(lastOf.get(p.streamId) ?? 0);
      lastOf.set(p.streamId, Number(p.streamPosition));
    }
    const healthy = await ok<WebhookView>(project.platform, 'GET', `${base()}/${webhookId}`, project.admin);
    expect(healthy.delivery).toMatchObject({ failures: 0, nextAttemptAt: null });
  }, 90_000);

  it('lists every attempt in the delivery log, page by page, newest first', async () => {
    const seen: WebhookDeliveryView[] = [];
    let cursor: string | null = null;
    do {
      const page: Page<WebhookDeliveryView> = await ok(project.platform, 'GET', `${base()}/${webhookId}/deliveries?limit=7${cursor ? `&cursor=${cursor}` : ''}`, project.admin);
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen.map((d) => d.id)).size).toBe(seen.length);
    expect(seen.length).toBe(receiver.received.length + seen.filter((d) => d.statusCode === null).length);
    expect(seen.filter((d) => d.ok).length).toBe(receiver.accepted().length);
    const times = seen.map((d) => d.attemptedAt);
    expect([...times].sort().reverse()).toEqual(times);
    const bad = await call(project.platform, 'GET', `${base()}/${webhookId}/deliveries?cursor=not-a-cursor`, { token: project.admin });
    expect(bad.status).toBe(400);
  });

  it('delivers again from a position or a moment on replay, with the same delivery ids, in the same order', async () => {
    const before = receiver.received.length;
    const delivered = receiver.accepted().map((d) => JSON.parse(d.body) as WebhookPayload);
    const from = delivered[delivered.length - 4];
    await ok(project.platform, 'POST', `${base()}/${webhookId}/replay`, project.admin, { fromPosition: from.globalPosition });
    const again = await eventually(async () => receiver.received.slice(before), (r) => r.length >= 4);
    expect(again.map((d) => d.id)).toEqual(delivered.slice(-4).map((p) => p.id));
    expect(again.every((d) => d.signed && d.status === 200)).toBe(true);

    // From a moment: the first event recorded then or after, found through the log's time index.
    const since = receiver.received.length;
    const last = delivered[delivered.length - 1];
    await ok(project.platform, 'POST', `${base()}/${webhookId}/replay`, project.admin, { fromTime: last.recordedAt });
    const fromTime = await eventually(async () => receiver.received.slice(since), (r) => r.some((d) => d.id === last.id));
    expect(Date.parse((JSON.parse(fromTime[0].body) as WebhookPayload).recordedAt)).toBeGreaterThanOrEqual(Date.parse(last.recordedAt));
    const refused = await call(project.platform, 'POST', `${base()}/${webhookId}/replay`, { token: project.admin, body: { fromPosition: '1', fromTime: '2026-01-01T00:00:00Z' } });
    expect(refused.status).toBe(400);
    // The registry, with its replay count, is rebuilt exactly from the webhook streams.
    expect(await replayVerifies(project.platform)).toEqual({ code: 0, differences: [] });
  }, 60_000);

  it('lets attempts older than the log keeps go once new ones are logged', async () => {
    const db = project.platform.database.db;
    const old = { webhook_id: webhookId, event_type: 'ItemClaimed', global_position: '1', attempt: 1, ok: true, status_code: 200, duration_ms: 1, error: null };
    await db.insertInto('webhook_deliveries').values([
      { ...old, attempt_id: randomUUID(), event_id: randomUUID(), attempted_at: new Date(Date.now() - 31 * 86_400_000) },
      { ...old, attempt_id: randomUUID(), event_id: randomUUID(), attempted_at: new Date(Date.now() - 29 * 86_400_000) },
    ]).execute();
    const ages = async () => (await db.selectFrom('webhook_deliveries').select('attempted_at').where('webhook_id', '=', webhookId).execute()).map((r) => Date.now() - new Date(r.attempted_at).getTime());
    expect((await ages()).filter((age) => age > 30 * 86_400_000)).toHaveLength(1);
    await finishItems(project, 1);
    await allDelivered();
    const kept = await eventually(ages, (a) => a.every((age) => age < 30 * 86_400_000));
    expect(kept.filter((age) => age > 28 * 86_400_000)).toHaveLength(1);
  }, 60_000);

  it('holds deliveries while paused and sends them when switched on; a removed webhook is gone', async () => {
    // A second webhook of the project for the same events, left on: what it gets shows the deliverer went past them.
    const witness = await startWebhookReceiver();
    const registered = await ok<WebhookSecretAnswer>(project.platform, 'POST', base(), project.admin, { url: witness.url, eventTypes: types });
    witness.secret = registered.secret!;
    await ok(project.platform, 'POST', `${base()}/${webhookId}/disable`, project.admin);
    const before = receiver.received.length;
    await finishItems(project, 1);
    await deliveredTo(witness, registered.id);
    // And a later event after those: by the time it reaches the witness, a switched-on webhook would have had its
    // turns at the paused one's events too.
    await ok(project.platform, 'POST', `/manage/items/links/${project.links.annotation}/claims`, project.tagger.token, { count: 1 });
    await deliveredTo(witness, registered.id);
    expect(receiver.received.length).toBe(before);
    await ok(project.platform, 'POST', `${base()}/${registered.id}/remove`, project.admin);
    await witness.stop();
    await ok(project.platform, 'POST', `${base()}/${webhookId}/enable`, project.admin);
    await allDelivered();
    await ok(project.platform, 'POST', `${base()}/${webhookId}/remove`, project.admin);
    expect((await call(project.platform, 'GET', `${base()}/${webhookId}`, { token: project.admin })).status).toBe(404);
    expect((await call(project.platform, 'POST', `${base()}/${webhookId}/enable`, { token: project.admin })).status).toBe(404);
  }, 60_000);
});
