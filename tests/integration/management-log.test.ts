// The management log as its readers see it: one row per event, secrets left out, long lists logged as their length.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { catchUp, EventStore, managementLogProjection, noStream } from '@annot/core';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { testEvent } from '../support/events';

describe('management log', () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(async () => test.drop());

  it('logs who did what without secrets, long lists as their length, and the project the event names', async () => {
    const projectId = randomUUID();
    const files = Array.from({ length: 101 }, (_, i) => `frame-${i}.jpg`);
    const streamId = `thing-${randomUUID()}`;
    const { positions } = await new EventStore(test.db).append(streamId, noStream, [
      testEvent('ThingMade', { projectId, name: 'Lot 7', passwordHash: 'x', resetToken: 'y', inviteCode: 'z', files, tags: ['a', 'b'], nested: { depth: 2 } }),
      testEvent('ThingNoted', ['not', 'an', 'object']),
      testEvent('ThingRenamed', { projectId: 'not-a-uuid' }),
    ]);
    await catchUp(test.db, managementLogProjection);

    const { rows } = await sql<{ event_type: string; actor_id: string; actor_role: string; stream_id: string; summary: unknown; project_id: string | null }>`
      SELECT event_type, actor_id, actor_role, stream_id, summary, project_id FROM management_log
      WHERE global_position = ANY(${positions}::bigint[]) ORDER BY global_position`.execute(test.db);
    expect(rows).toEqual([
      {
        event_type: 'ThingMade',
        actor_id: 'tester',
        actor_role: '01',
        stream_id: streamId,
        summary: { projectId, name: 'Lot 7', files: 101, tags: ['a', 'b'], nested: { depth: 2 } },
        project_id: projectId,
      },
      { event_type: 'ThingNoted', actor_id: 'tester', actor_role: '01', stream_id: streamId, summary: ['not', 'an', 'object'], project_id: null },
      { event_type: 'ThingRenamed', actor_id: 'tester', actor_role: '01', stream_id: streamId, summary: { projectId: 'not-a-uuid' }, project_id: null },
    ]);
  });
});
