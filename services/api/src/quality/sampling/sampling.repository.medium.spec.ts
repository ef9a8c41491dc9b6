// What the sampling repository reads from the projections, on a real database: given a task's events, then its row
// with each closed round's pass rate and interval, its sample with who holds and judged what, the annotators' tally,
// the open tasks an inspector is offered, and the finished items a new task would screen.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { itemLifecycle, samplingLifecycle } from '@annot/core';
import { type SamplingEvent, samplingStreamId, wilsonInterval } from '@annot/workflows';
import { errorMark, finished, given, givenAccount, givenItems, givenProject, itemStream, specDatabase } from '../../../../../tests/support/given-when-then';
import { SamplingRepository } from './sampling.repository';

const spec = specDatabase();
const marks = [errorMark('box too loose')];

/** Two items finished by the tagger, a task sampling both: the first judged pass, the second failed, the round closed and returned. */
async function givenReturnedTask() {
  const p = await givenProject(spec);
  for (const one of [p.tagger, p.inspector]) await givenAccount(spec, one, p.pm);
  const { batchId, itemIds } = await givenItems(spec, p, 3);
  for (const itemId of itemIds.slice(0, 2)) await given(spec, itemLifecycle, itemStream(itemId), p.tagger, finished(p, itemId));
  const ref = { taskId: randomUUID(), projectId: p.projectId };
  const at = new Date().toISOString();
  const sample = itemIds.slice(0, 2).map((itemId) => ({ itemId, annotatorId: p.tagger.id, resultVersion: 1 }));
  const judged = (i: number, verdict: 'pass' | 'fail'): SamplingEvent[] => [
    { type: 'SampleItemClaimed', data: { ...ref, round: 1, itemId: sample[i].itemId, inspectorId: p.inspector.id, claimedAt: at } },
    { type: 'SampleItemJudged', data: { ...ref, round: 1, itemId: sample[i].itemId, verdict, marks: verdict === 'fail' ? marks : [], resultVersion: 1, inspectorId: p.inspector.id, judgedAt: at } },
  ];
  await given(spec, samplingLifecycle, samplingStreamId(ref.taskId), p.pm, [
    {
      type: 'SamplingTaskCreated',
      data: { ...ref, scope: { kind: 'batch', batchId }, rule: { by: 'count', count: 2 }, passThreshold: 95, createdBy: p.pm.id, createdAt: at, round: 1, screeningCount: 2, sampleSize: 2, seed: 1, sample, strata: [{ annotatorId: p.tagger.id, inScope: 2, sampled: 2 }] },
    },
    ...judged(0, 'pass'),
    ...judged(1, 'fail'),
    { type: 'SamplingRoundClosed', data: { ...ref, round: 1, judged: 2, passed: 1, passRate: 0.5 } },
    { type: 'SamplingScopeReturned', data: { ...ref, round: 1, items: [{ ...sample[1], marks }] } },
  ]);
  return { p, batchId, itemIds, taskId: ref.taskId };
}

describe(SamplingRepository.name, () => {
  const repository = () => new SamplingRepository(spec.db);

  it('row: the task with its closed round, pass rate and interval', async () => {
    const { p, batchId, taskId } = await givenReturnedTask();
    expect(await repository().row(taskId)).toMatchObject({
      taskId,
      sequence: 1,
      scope: { kind: 'batch', batchId },
      status: 'returned_for_rework',
      round: 1,
      sampleCount: 2,
      judgedCount: 2,
      passedCount: 1,
      rounds: [{ round: 1, sampleSize: 2, judged: 2, passed: 1, passRate: 0.5, interval: wilsonInterval(1, 2) }],
      createdBy: { id: p.pm.id },
    });
  });

  it('sample and annotators: each item with its annotator, holder and verdict, and the annotator tally', async () => {
    const { p, itemIds, taskId } = await givenReturnedTask();
    const sample = await repository().sample(taskId, 1);
    expect(sample.map((s) => [s.itemId, s.annotator.name, s.claimer?.id, s.verdict])).toEqual(
      [
        [itemIds[0], expect.stringMatching(/^Person /), p.inspector.id, 'pass'],
        [itemIds[1], expect.stringMatching(/^Person /), p.inspector.id, 'fail'],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    expect(await repository().annotators(taskId)).toEqual([expect.objectContaining({ annotator: expect.objectContaining({ id: p.tagger.id }), inScope: 2, sampled: 2, judged: 2, passed: 1, passRate: 0.5 })]);
  });

  it('mine: offers an open task to the inspectors of the last link only; a task back for rework is not open', async () => {
    const { p, taskId } = await givenReturnedTask();
    expect((await repository().mine(p.inspector.id, false)).map((t) => t.taskId)).not.toContain(taskId);
    const open = await givenReturnedTaskStillOpen();
    expect((await repository().mine(open.p.inspector.id, false)).map((t) => [t.taskId, t.unclaimed])).toEqual([[open.taskId, 1]]);
    expect(await repository().mine(open.p.tagger.id, false)).toEqual([]);
  });

  it('scopeItems: the finished items of a batch not held by an earlier task at work', async () => {
    const { p, batchId, itemIds } = await givenReturnedTask();
    // Both finished items are in the task above (number 1), still at work: a new task would screen none, while the
    // task itself, drawing its next round, screens both.
    expect(await repository().scopeItems(spec.db, p.projectId, { kind: 'batch', batchId }, null)).toEqual([]);
    expect((await repository().scopeItems(spec.db, p.projectId, { kind: 'batch', batchId }, 1)).map((i) => i.itemId)).toEqual(itemIds.slice(0, 2).sort());
  });
});

/** A task whose sample of one item nobody has claimed yet. */
async function givenReturnedTaskStillOpen() {
  const p = await givenProject(spec);
  const { batchId, itemIds } = await givenItems(spec, p, 1);
  await given(spec, itemLifecycle, itemStream(itemIds[0]), p.tagger, finished(p, itemIds[0]));
  const ref = { taskId: randomUUID(), projectId: p.projectId };
  const sample = [{ itemId: itemIds[0], annotatorId: p.tagger.id, resultVersion: 1 }];
  await given(spec, samplingLifecycle, samplingStreamId(ref.taskId), p.pm, [
    {
      type: 'SamplingTaskCreated',
      data: { ...ref, scope: { kind: 'batch', batchId }, rule: { by: 'count', count: 1 }, passThreshold: 95, createdBy: p.pm.id, createdAt: new Date().toISOString(), round: 1, screeningCount: 1, sampleSize: 1, seed: 1, sample, strata: [] },
    },
  ]);
  return { p, taskId: ref.taskId };
}
