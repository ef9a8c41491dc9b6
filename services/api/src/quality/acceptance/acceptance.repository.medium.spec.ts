// What the acceptance repository reads from the projections, on a real database: given finished items and batches'
// events, then which items a new batch may take (none held by an open batch, a sampling task at work, or a verdict),
// and the batches and items each viewer sees.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { acceptanceLifecycle, itemLifecycle, samplingLifecycle } from '@annot/core';
import { type AcceptanceEvent, acceptanceStreamId, samplingStreamId } from '@annot/workflows';
import { errorMark, finished, given, givenItems, givenProject, itemStream, person, specDatabase, type SpecProject } from '../../../../../tests/support/given-when-then';
import { AcceptanceRepository } from './acceptance.repository';

const spec = specDatabase();
const marks = [errorMark('lane missing')];

/** A project with `count` items finished in one data batch. */
async function finishedItems(count: number) {
  const p = await givenProject(spec);
  const { batchId: dataBatchId, itemIds } = await givenItems(spec, p, count);
  for (const itemId of itemIds) await given(spec, itemLifecycle, itemStream(itemId), p.tagger, finished(p, itemId));
  return { p, dataBatchId, itemIds };
}

/** A batch of these items for the acceptor, made by the PM, then the events given. */
async function givenBatch(p: SpecProject, sequence: number, itemIds: string[], acceptorId: string, then: (ref: { batchId: string; projectId: string }) => AcceptanceEvent[] = () => []) {
  const ref = { batchId: randomUUID(), projectId: p.projectId };
  const at = new Date().toISOString();
  const created: AcceptanceEvent = { type: 'AcceptanceBatchCreated', data: { ...ref, sequence, items: itemIds.map((itemId) => ({ itemId, resultVersion: 1 })), acceptorIds: [acceptorId], createdBy: p.pm.id, createdAt: at } };
  await given(spec, acceptanceLifecycle, acceptanceStreamId(ref.batchId), p.pm, [created, ...then(ref)]);
  return ref.batchId;
}

/** The PM passed the batch: the first item passed, the second rejected for good. */
const passedWithOneRejected = (p: SpecProject, itemIds: string[]) => (ref: { batchId: string; projectId: string }): AcceptanceEvent[] => [
  {
    type: 'AcceptanceBatchPassed',
    data: { ...ref, decidedBy: p.pm.id, decidedAt: new Date().toISOString(), repairAllowed: false, passed: [itemIds[0]], returned: [], rejected: [{ itemId: itemIds[1], resultVersion: 1, marks }] },
  },
];

describe(AcceptanceRepository.name, () => {
  const repository = () => new AcceptanceRepository(spec.db);

  describe('eligible', () => {
    it('counts the finished items no open batch holds', async () => {
      const { p, dataBatchId, itemIds } = await finishedItems(3);
      expect(await repository().eligible(p.projectId, false)).toMatchObject({ count: 3, byBatch: [{ batchId: dataBatchId, count: 3 }] });
      await givenBatch(p, 1, itemIds.slice(0, 2), randomUUID());
      expect((await repository().eligible(p.projectId, false)).count).toBe(1);
    });

    it('leaves out items rejected for good, and passed ones unless the project accepts them again', async () => {
      const { p, itemIds } = await finishedItems(3);
      await givenBatch(p, 1, itemIds.slice(0, 2), randomUUID(), passedWithOneRejected(p, itemIds));
      expect((await repository().eligible(p.projectId, false)).count).toBe(1);
      expect((await repository().eligible(p.projectId, true)).count).toBe(2);
    });

    it('leaves out the scope of a sampling task still at work', async () => {
      const { p, dataBatchId, itemIds } = await finishedItems(2);
      const ref = { taskId: randomUUID(), projectId: p.projectId };
      const sample = [{ itemId: itemIds[0], annotatorId: p.tagger.id, resultVersion: 1 }];
      await given(spec, samplingLifecycle, samplingStreamId(ref.taskId), p.pm, [
        {
          type: 'SamplingTaskCreated',
          data: { ...ref, scope: { kind: 'batch', batchId: dataBatchId }, rule: { by: 'count', count: 1 }, passThreshold: 95, createdBy: p.pm.id, createdAt: new Date().toISOString(), round: 1, screeningCount: 2, sampleSize: 1, seed: 1, sample, strata: [] },
        },
      ]);
      expect((await repository().eligible(p.projectId, false)).count).toBe(0);
    });
  });

  describe('batches and items', () => {
    it('shows an acceptor only the batches naming them, and a batch items with their verdict outcome', async () => {
      const { p, itemIds } = await finishedItems(3);
      const [acceptor, other] = [person('50'), person('50')];
      const first = await givenBatch(p, 1, itemIds.slice(0, 2), acceptor.id, passedWithOneRejected(p, itemIds));
      const second = await givenBatch(p, 2, itemIds.slice(2), other.id);
      expect((await repository().batches(p.projectId, { acceptorId: acceptor.id })).map((b) => [b.batchId, b.sequence, b.status])).toEqual([[first, 1, 'passed']]);
      expect((await repository().batches(p.projectId, { all: true })).map((b) => b.batchId)).toEqual([first, second]);
      expect((await repository().items(first)).map((i) => [i.itemId, i.fileName, i.outcome])).toEqual([
        [itemIds[0], 'frame-0.jpg', 'passed'],
        [itemIds[1], 'frame-1.jpg', 'rejected'],
      ]);
    });
  });
});
