// A lifecycle's state on its projection row: what reads, access checks and jobs take instead of folding the stream. It
// is the state the stream's last command left, and rows written before they kept it get it from the log.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandPipeline, commandContext, EventStore, fillLifecycleStates, LifecycleStates, projectLifecycle, projectStateRow, ruleReadingLifecycle } from '@annot/core';
import { type ProjectBasics, type ProjectEvent, projectStreamId, ruleReadingStreamId } from '@annot/workflows';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const basics = { title: 'P', type: 'formal', annotationType: 'video', startDate: '2026-01-01', endDate: '2026-01-02' } as ProjectBasics;
const actor = { id: randomUUID(), role: '10' };

describe(LifecycleStates.name, () => {
  let test: TestDatabase;
  let pipeline: CommandPipeline;
  let states: LifecycleStates;
  const drafted = (projectId: string): ProjectEvent => ({ type: 'ProjectDrafted', data: { projectId, title: 'P', basics, clonedFrom: null } });
  const linked = (projectId: string): ProjectEvent => ({ type: 'ProjectLinksSaved', data: { projectId, title: 'P', links: [{ id: randomUUID(), type: 'annotation', name: 'Draw' }] } });

  beforeAll(async () => {
    test = await createTestDatabase();
    pipeline = new CommandPipeline(new EventStore(test.db), test.db);
    states = new LifecycleStates(test.db);
  });
  afterAll(async () => test.drop());

  /** A project drafted and given its links in two commands; answers its id. */
  const project = async (): Promise<string> => {
    const id = randomUUID();
    await pipeline.run(projectLifecycle, projectStreamId(id), commandContext(actor), { decide: () => [drafted(id)] });
    await pipeline.run(projectLifecycle, projectStreamId(id), commandContext(actor), { event: { type: 'project.edit' }, decide: () => [linked(id)] });
    return id;
  };

  describe('read', () => {
    it("answers the state and version the project's last command left, as folding its stream does", async () => {
      const id = await project();
      expect(await states.read(projectStateRow, id)).toEqual(await pipeline.load(projectLifecycle, projectStreamId(id)));
      expect((await states.read(projectStateRow, id)).version).toBe(2n);
    });

    it('answers a project that does not exist as one without events', async () => {
      expect(await states.read(projectStateRow, randomUUID())).toEqual({ state: projectLifecycle.initial, version: 0n });
    });
  });

  describe(fillLifecycleStates.name, () => {
    it('gives rows written before they kept their state the state their streams fold to', async () => {
      const id = await project();
      const readingStream = ruleReadingStreamId(id, actor.id);
      await pipeline.run(ruleReadingLifecycle, readingStream, commandContext(actor), {
        decide: () => [{ type: 'AnnotationRuleOpened' as const, data: { projectId: id, accountId: actor.id, ruleId: randomUUID(), ruleVersion: 1, openedAt: '2026-01-01T00:00:00.000Z', countdownSeconds: 5 } }],
      });
      const before = await sql<{ state: unknown }>`SELECT state FROM projects WHERE project_id = ${id}`.execute(test.db);
      const reading = await sql<{ state: unknown }>`SELECT state FROM rule_readings WHERE project_id = ${id}`.execute(test.db);
      // As a database migrated from before the state columns has them.
      await sql`UPDATE projects SET state = NULL`.execute(test.db);
      await sql`DELETE FROM rule_readings`.execute(test.db);

      await fillLifecycleStates(test.db);

      expect((await sql<{ state: unknown }>`SELECT state FROM projects WHERE project_id = ${id}`.execute(test.db)).rows).toEqual(before.rows);
      expect((await sql<{ state: unknown }>`SELECT state FROM rule_readings WHERE project_id = ${id}`.execute(test.db)).rows).toEqual(reading.rows);
      expect((await states.read(projectStateRow, id)).state.links).toHaveLength(1);
    });
  });
});
