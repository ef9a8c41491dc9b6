// One command may decide on several streams: all of them are appended in one transaction, each at the version it was
// read at, or none is; a command id seen before gives back its first result.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { CommandPipeline, commandContext, EventStore, projectLifecycle, VersionConflictError } from '@annot/core';
import { type ProjectBasics, type ProjectEvent, projectStreamId } from '@annot/workflows';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const basics = { title: 'P', type: 'formal', annotationType: 'video', startDate: '2026-01-01', endDate: '2026-01-02' } as ProjectBasics;
const actor = { id: 'pm-1', role: '10' };

describe(CommandPipeline.name, () => {
  let test: TestDatabase;
  let pipeline: CommandPipeline;
  const drafted = (projectId: string): ProjectEvent => ({ type: 'ProjectDrafted', data: { projectId, title: 'P', basics, clonedFrom: null } });
  const eventsOf = async (projectId: string) =>
    (await sql<{ type: string }>`SELECT type FROM events WHERE stream_id = ${projectStreamId(projectId)} ORDER BY stream_position`.execute(test.db)).rows.map((r) => r.type);

  beforeAll(async () => {
    test = await createTestDatabase();
    pipeline = new CommandPipeline(new EventStore(test.db), test.db);
  });
  afterAll(async () => test.drop());

  it('appends every stream a command decided on, with the actor and the machine on each event', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const { results, value } = await pipeline.transact(commandContext(actor), async (unit) => {
      await unit.decide(projectLifecycle, projectStreamId(a), { decide: () => [drafted(a)] });
      const second = await unit.decide(projectLifecycle, projectStreamId(b), { decide: () => [drafted(b)] });
      return second.state.status;
    });
    expect(value).toBe('waiting_for_improvement');
    expect(results.map((r) => [r.streamId, r.version])).toEqual([
      [projectStreamId(a), 1n],
      [projectStreamId(b), 1n],
    ]);
    const { rows } = await sql<{ metadata: { actorId: string; machine: string } }>`SELECT metadata FROM events WHERE stream_id = ${projectStreamId(b)}`.execute(test.db);
    expect(rows[0].metadata).toMatchObject({ actorId: 'pm-1', machine: 'project@4' });
  });

  it('appends none of them when one stream moved on since it was read', async () => {
    const [existing, fresh] = [randomUUID(), randomUUID()];
    await pipeline.run(projectLifecycle, projectStreamId(existing), commandContext(actor), { decide: () => [drafted(existing)] });
    const unit = pipeline.transact(commandContext(actor), async (u) => {
      await u.decide(projectLifecycle, projectStreamId(fresh), { decide: () => [drafted(fresh)] });
      await u.decide(projectLifecycle, projectStreamId(existing), { event: { type: 'project.edit' }, decide: () => [] });
      // Another command lands on the existing project between this read and the append.
      await pipeline.run(projectLifecycle, projectStreamId(existing), commandContext(actor), { event: { type: 'project.close' }, decide: () => [{ type: 'ProjectClosed' as const, data: { projectId: existing, title: 'P' } }] });
      u.record(projectStreamId(existing), 1n, [{ type: 'ProjectBasicsSaved', data: { projectId: existing, title: 'Q', basics } }], projectLifecycle.machine, []);
    });
    await expect(unit).rejects.toBeInstanceOf(VersionConflictError);
    expect(await eventsOf(fresh)).toEqual([]);
    expect(await eventsOf(existing)).toEqual(['ProjectDrafted', 'ProjectClosed']);
  });

  it('gives a repeated command id its first result and appends nothing again', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    // As a caller's Idempotency-Key or a timer's id gives it: a command id the pipeline did not make itself.
    const context = commandContext(actor, { commandId: randomUUID() });
    const work = async (unit: Parameters<Parameters<CommandPipeline['transact']>[1]>[0]) => {
      await unit.decide(projectLifecycle, projectStreamId(a), { decide: () => [drafted(a)] });
      await unit.decide(projectLifecycle, projectStreamId(b), { decide: () => [drafted(b)] });
    };
    const first = await pipeline.transact(context, work);
    const again = await pipeline.transact(context, work);
    expect(again.duplicate).toBe(true);
    expect(again.results[0]).toMatchObject({ streamId: first.results[0].streamId, version: first.results[0].version });
    expect([await eventsOf(a), await eventsOf(b)]).toEqual([['ProjectDrafted'], ['ProjectDrafted']]);
  });

  it('folds a project on from its last state and still sees what another process appended since', async () => {
    const id = randomUUID();
    await pipeline.run(projectLifecycle, projectStreamId(id), commandContext(actor), { decide: () => [drafted(id)] });
    expect((await pipeline.load(projectLifecycle, projectStreamId(id))).state.status).toBe('waiting_for_improvement');
    const elsewhere = new CommandPipeline(new EventStore(test.db), test.db);
    await elsewhere.run(projectLifecycle, projectStreamId(id), commandContext(actor), {
      event: { type: 'project.close' },
      decide: () => [{ type: 'ProjectClosed' as const, data: { projectId: id, title: 'P' } }],
    });
    const after = await pipeline.load(projectLifecycle, projectStreamId(id));
    expect({ status: after.state.status, version: after.version }).toEqual({ status: 'closed', version: 2n });
  });

  it('decides on the newest version of a project another process wrote since this one last folded it', async () => {
    const id = randomUUID();
    const stream = projectStreamId(id);
    const renamed = (title: string): ProjectEvent => ({ type: 'ProjectBasicsSaved', data: { projectId: id, title, basics: { ...basics, title } } });
    const edit = (title: (current: string) => string) => ({ event: { type: 'project.edit' }, decide: (state: { basics: ProjectBasics | null }) => [renamed(title(state.basics!.title))] });
    await pipeline.run(projectLifecycle, stream, commandContext(actor), { decide: () => [drafted(id)] });
    // This process folds the project and keeps what it folded...
    await pipeline.run(projectLifecycle, stream, commandContext(actor), edit(() => 'Here'));
    // ...then a second process, with a cache of its own, writes to it.
    const elsewhere = new CommandPipeline(new EventStore(test.db), test.db);
    await elsewhere.run(projectLifecycle, stream, commandContext(actor), edit((current) => `${current}, then elsewhere`));
    const result = await pipeline.run(projectLifecycle, stream, commandContext(actor), edit((current) => `${current}, then here again`));
    expect(result.version).toBe(4n);
    const { rows } = await sql<{ title: string }>`SELECT data->>'title' AS title FROM events WHERE stream_id = ${stream} ORDER BY stream_position`.execute(test.db);
    expect(rows.map((r) => r.title)).toEqual(['P', 'Here', 'Here, then elsewhere', 'Here, then elsewhere, then here again']);
  });
});
