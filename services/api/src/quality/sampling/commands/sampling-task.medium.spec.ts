// The commands of a sampling task on a real database: given finished items and the task's history, when the PM or an
// inspector acts, then the events appended (the task's, and the items' it returns for rework) with their actor, and
// the task's and sample's rows; or the refusal, with nothing appended.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type Actor, ItemWork, itemLifecycle, samplingLifecycle } from '@annot/core';
import { type SampleScopeItem, type SamplingEvent, samplingStreamId } from '@annot/workflows';
import {
  appended,
  as,
  errorMark,
  finished,
  given,
  givenItems,
  givenProject,
  itemStream,
  mark,
  refusalOf,
  specDatabase,
  type SpecProject,
} from '../../../../../../tests/support/given-when-then';
import { SamplingRepository } from '../sampling.repository';
import { SamplingWork } from '../sampling-work.service';
import { ActOnSampleItemCommand, ActOnSampleItemHandler } from './act-on-sample-item.handler';
import { ClaimSampleItemCommand, ClaimSampleItemHandler } from './claim-sample-item.handler';
import { CreateSamplingTaskCommand, CreateSamplingTaskHandler } from './create-sampling-task.handler';
import { DecideSamplingTaskCommand, DecideSamplingTaskHandler } from './decide-sampling-task.handler';
import { StartSamplingRoundCommand, StartSamplingRoundHandler } from './start-sampling-round.handler';

const spec = specDatabase();
const marks = [errorMark('box too loose')];
const repository = () => new SamplingRepository(spec.db);
const work = () => new SamplingWork(new ItemWork(), repository());

interface Task {
  p: SpecProject;
  batchId: string;
  taskId: string;
  sample: SampleScopeItem[];
}

/** A project (pass threshold 50%) with `count` items finished by its tagger in one batch. */
async function finishedBatch(count: number) {
  const p = await givenProject(spec, { samplingPassThreshold: 50 });
  const { batchId, itemIds } = await givenItems(spec, p, count);
  for (const itemId of itemIds) await given(spec, itemLifecycle, itemStream(itemId), p.tagger, finished(p, itemId));
  return { p, batchId, itemIds };
}

/** The task's events as its deciders write them. */
function happened(t: Task) {
  const ref = { taskId: t.taskId, projectId: t.p.projectId };
  const at = new Date().toISOString();
  const draw = (round: number) => ({ round, screeningCount: t.sample.length, sampleSize: t.sample.length, seed: round, sample: t.sample, strata: [] });
  return {
    created: (): SamplingEvent => ({
      type: 'SamplingTaskCreated',
      data: { ...ref, scope: { kind: 'batch', batchId: t.batchId }, rule: { by: 'count', count: t.sample.length }, passThreshold: 50, createdBy: t.p.pm.id, createdAt: at, ...draw(1) },
    }),
    claimed: (round: number, item: SampleScopeItem): SamplingEvent => ({ type: 'SampleItemClaimed', data: { ...ref, round, itemId: item.itemId, inspectorId: t.p.inspector.id, claimedAt: at } }),
    judged: (round: number, item: SampleScopeItem, verdict: 'pass' | 'fail'): SamplingEvent => ({
      type: 'SampleItemJudged',
      data: { ...ref, round, itemId: item.itemId, verdict, marks: verdict === 'fail' ? marks : [], resultVersion: item.resultVersion, inspectorId: t.p.inspector.id, judgedAt: at },
    }),
    /** Every item of the round claimed and failed, and the round closed: returned, or held after the last round. */
    failedRound: (round: number): SamplingEvent[] => [
      ...t.sample.flatMap((item) => [happened(t).claimed(round, item), happened(t).judged(round, item, 'fail')]),
      { type: 'SamplingRoundClosed', data: { ...ref, round, judged: t.sample.length, passed: 0, passRate: 0 } },
      round < 4
        ? { type: 'SamplingScopeReturned', data: { ...ref, round, items: t.sample.map((i) => ({ ...i, marks })) } }
        : { type: 'SamplingTaskHeld', data: { ...ref, round } },
    ],
    roundStarted: (round: number): SamplingEvent => ({ type: 'SamplingRoundStarted', data: { ...ref, startedBy: t.p.pm.id, startedAt: at, ...draw(round) } }),
  };
}

/** A task over the batch whose sample is every finished item, with the history given. */
async function givenTask(count: number, history: (t: Task) => SamplingEvent[] = () => []): Promise<Task> {
  const { p, batchId, itemIds } = await finishedBatch(count);
  const t = { p, batchId, taskId: randomUUID(), sample: itemIds.map((itemId) => ({ itemId, annotatorId: p.tagger.id, resultVersion: 1 })) };
  await given(spec, samplingLifecycle, samplingStreamId(t.taskId), p.pm, [happened(t).created(), ...history(t)]);
  return t;
}

const taskRow = (taskId: string) =>
  spec.db.selectFrom('sampling_tasks').select(['status', 'round', 'screening_count', 'sample_count', 'judged_count', 'passed_count', 'decision']).where('task_id', '=', taskId).executeTakeFirstOrThrow();
const sampleRows = (taskId: string) =>
  spec.db.selectFrom('sample_items').select(['round', 'item_id', 'claimer_id', 'verdict']).where('task_id', '=', taskId).orderBy('round').orderBy('item_id').execute();
const itemRow = (itemId: string) => spec.db.selectFrom('items').select(['status', 'link_id', 'rework', 'preferred_claimer_id']).where('item_id', '=', itemId).executeTakeFirstOrThrow();

const act = (t: Task, itemId: string, who: Actor, action: ActOnSampleItemCommand['action']) =>
  new ActOnSampleItemHandler(spec.pipeline, repository(), work()).execute(new ActOnSampleItemCommand(t.taskId, itemId, action, as(who)));

/** The refusal's answer, with nothing appended since the mark. */
async function expectRefused(since: bigint, command: Promise<unknown>, refusal: { status: number; errCode: string; messageKey: string }) {
  expect(await refusalOf(command)).toMatchObject(refusal);
  expect(await appended(spec, since)).toEqual([]);
}

describe(CreateSamplingTaskHandler.name, () => {
  const create = (p: SpecProject, input: CreateSamplingTaskCommand['input']) => new CreateSamplingTaskHandler(spec.pipeline, repository()).execute(new CreateSamplingTaskCommand(p.projectId, input, as(p.pm)));

  it('draws the first round from the batch finished items, by the rule, at the project pass threshold', async () => {
    const { p, batchId, itemIds } = await finishedBatch(3);
    const since = await mark(spec);
    const { taskId } = await create(p, { scope: { kind: 'batch', batchId }, rule: { by: 'count', count: 2 } });
    const [created, ...rest] = await appended(spec, since);
    expect(rest).toEqual([]);
    expect(created).toEqual({
      stream: samplingStreamId(taskId),
      type: 'SamplingTaskCreated',
      actor: p.pm.id,
      data: expect.objectContaining({ scope: { kind: 'batch', batchId }, rule: { by: 'count', count: 2 }, passThreshold: 50, createdBy: p.pm.id, round: 1, screeningCount: 3, sampleSize: 2 }),
    });
    const sample = created.data.sample as SampleScopeItem[];
    expect(sample.every((s) => itemIds.includes(s.itemId) && s.annotatorId === p.tagger.id && s.resultVersion === 1)).toBe(true);
    expect(await taskRow(taskId)).toMatchObject({ status: 'open', round: 1, screening_count: 3, sample_count: 2, judged_count: 0 });
    expect((await sampleRows(taskId)).map((r) => r.item_id)).toEqual(sample.map((s) => s.itemId).sort());
  });

  it('refuses a batch of another project: 404', async () => {
    const { p } = await finishedBatch(1);
    const since = await mark(spec);
    await expectRefused(since, create(p, { scope: { kind: 'batch', batchId: randomUUID() }, rule: { by: 'count', count: 1 } }), { status: 404, errCode: 'NOT_FOUND', messageKey: 'errors.not_found' });
  });

  it('refuses a sample larger than the scope, on the form rule field', async () => {
    const { p, batchId } = await finishedBatch(2);
    const since = await mark(spec);
    await expectRefused(since, create(p, { scope: { kind: 'batch', batchId }, rule: { by: 'count', count: 3 } }), {
      status: 400,
      errCode: 'VALIDATION_FAILED',
      messageKey: 'quality.sampling_quantity_unreasonable',
    });
  });

  it('refuses a scope with no finished item', async () => {
    const p = await givenProject(spec);
    const { batchId } = await givenItems(spec, p, 1);
    const since = await mark(spec);
    await expectRefused(since, create(p, { scope: { kind: 'batch', batchId }, rule: { by: 'ratio', ratio: 50 } }), { status: 409, errCode: 'ITEM_REFUSED', messageKey: 'quality.sampling_scope_empty' });
  });
});

describe(ClaimSampleItemHandler.name, () => {
  const claim = (t: Task, who: Actor) => new ClaimSampleItemHandler(spec.pipeline, work()).execute(new ClaimSampleItemCommand(t.taskId, as(who)));

  it('gives the inspector the first sample item nobody holds, and the same one again while it is unjudged', async () => {
    const t = await givenTask(2);
    const since = await mark(spec);
    const first = await claim(t, t.p.inspector);
    expect(first.itemId).toBe(t.sample[0].itemId);
    expect(await claim(t, t.p.inspector)).toEqual(first);
    expect(await appended(spec, since)).toEqual([
      { stream: samplingStreamId(t.taskId), type: 'SampleItemClaimed', actor: t.p.inspector.id, data: expect.objectContaining({ round: 1, itemId: first.itemId, inspectorId: t.p.inspector.id }) },
    ]);
    expect(Object.fromEntries((await sampleRows(t.taskId)).map((r) => [r.item_id, r.claimer_id]))).toEqual({ [t.sample[0].itemId]: t.p.inspector.id, [t.sample[1].itemId]: null });
  });

  it('refuses the annotator of every sample item: nothing is left to claim', async () => {
    const t = await givenTask(1);
    const since = await mark(spec);
    await expectRefused(since, claim(t, t.p.tagger), { status: 409, errCode: 'ITEM_REFUSED', messageKey: 'items.claim_failed' });
  });
});

describe(ActOnSampleItemHandler.name, () => {
  const claimedAll = (t: Task) => t.sample.map((item) => happened(t).claimed(1, item));

  it('release: the inspector gives the sample item back', async () => {
    const t = await givenTask(1, claimedAll);
    const since = await mark(spec);
    await act(t, t.sample[0].itemId, t.p.inspector, { kind: 'release' });
    expect(await appended(spec, since)).toEqual([
      { stream: samplingStreamId(t.taskId), type: 'SampleItemReleased', actor: t.p.inspector.id, data: expect.objectContaining({ itemId: t.sample[0].itemId, inspectorId: t.p.inspector.id, releasedBy: t.p.inspector.id }) },
    ]);
    expect((await sampleRows(t.taskId))[0].claimer_id).toBeNull();
  });

  it('judge: a verdict before the last leaves the round open', async () => {
    const t = await givenTask(2, claimedAll);
    const since = await mark(spec);
    expect(await act(t, t.sample[0].itemId, t.p.inspector, { kind: 'judge', verdict: 'pass', marks: [] })).toMatchObject({ status: 'open', round: 1 });
    expect((await appended(spec, since)).map((e) => [e.type, e.actor])).toEqual([['SampleItemJudged', t.p.inspector.id]]);
    expect(await taskRow(t.taskId)).toMatchObject({ status: 'open', judged_count: 1, passed_count: 1 });
  });

  it('judge: the last verdict closes the round, which passes the scope at the threshold', async () => {
    const t = await givenTask(2, (t) => [...claimedAll(t), happened(t).judged(1, t.sample[0], 'fail')]);
    const since = await mark(spec);
    expect(await act(t, t.sample[1].itemId, t.p.inspector, { kind: 'judge', verdict: 'pass', marks: [] })).toMatchObject({ status: 'passed' });
    const events = await appended(spec, since);
    expect(events.map((e) => [e.stream, e.type, e.actor])).toEqual([
      [samplingStreamId(t.taskId), 'SampleItemJudged', t.p.inspector.id],
      [samplingStreamId(t.taskId), 'SamplingRoundClosed', t.p.inspector.id],
      [samplingStreamId(t.taskId), 'SamplingScopePassed', t.p.inspector.id],
    ]);
    expect(events[1].data).toMatchObject({ round: 1, judged: 2, passed: 1, passRate: 0.5 });
    expect(await taskRow(t.taskId)).toMatchObject({ status: 'passed', judged_count: 2, passed_count: 1 });
  });

  it('judge: a round below the threshold returns its failed items to their annotator in the same command', async () => {
    const t = await givenTask(2, (t) => [...claimedAll(t), happened(t).judged(1, t.sample[0], 'fail')]);
    const since = await mark(spec);
    expect(await act(t, t.sample[1].itemId, t.p.inspector, { kind: 'judge', verdict: 'fail', marks })).toMatchObject({ status: 'returned_for_rework' });
    const events = await appended(spec, since);
    expect(events.map((e) => [e.stream, e.type])).toEqual([
      [samplingStreamId(t.taskId), 'SampleItemJudged'],
      [samplingStreamId(t.taskId), 'SamplingRoundClosed'],
      [samplingStreamId(t.taskId), 'SamplingScopeReturned'],
      // In the order of their ids, as the finished items are read.
      ...t.sample.map((s) => itemStream(s.itemId)).sort().map((stream) => [stream, 'ItemReturned']),
    ]);
    expect(events[3]).toMatchObject({ actor: t.p.inspector.id, data: { gate: 'sampling', gateId: t.taskId, marks, toLinkId: t.p.annotation, preferredClaimerId: t.p.tagger.id } });
    expect(await itemRow(t.sample[0].itemId)).toEqual({ status: 'waiting', link_id: t.p.annotation, rework: true, preferred_claimer_id: t.p.tagger.id });
    expect(await taskRow(t.taskId)).toMatchObject({ status: 'returned_for_rework' });
  });

  describe('refuses and appends nothing', () => {
    it('a verdict by someone who does not hold the item', async () => {
      const t = await givenTask(1, claimedAll);
      const since = await mark(spec);
      await expectRefused(since, act(t, t.sample[0].itemId, t.p.pm, { kind: 'judge', verdict: 'pass', marks: [] }), { status: 409, errCode: 'ITEM_REFUSED', messageKey: 'items.not_claimer' });
    });

    it('a fail without marks', async () => {
      const t = await givenTask(1, claimedAll);
      const since = await mark(spec);
      await expectRefused(since, act(t, t.sample[0].itemId, t.p.inspector, { kind: 'judge', verdict: 'fail', marks: [] }), { status: 409, errCode: 'ITEM_REFUSED', messageKey: 'items.marks_empty' });
    });

    it('a verdict on an item not in the sample', async () => {
      const t = await givenTask(1, claimedAll);
      const since = await mark(spec);
      await expectRefused(since, act(t, randomUUID(), t.p.inspector, { kind: 'judge', verdict: 'pass', marks: [] }), { status: 409, errCode: 'ITEM_REFUSED', messageKey: 'quality.sampling_item_not_sampled' });
    });

    it('a second verdict on an item already judged in the round', async () => {
      const t = await givenTask(2, (t) => [...claimedAll(t), happened(t).judged(1, t.sample[0], 'pass')]);
      const before = { task: await taskRow(t.taskId), sample: await sampleRows(t.taskId) };
      const since = await mark(spec);
      const refusal = await refusalOf(act(t, t.sample[0].itemId, t.p.inspector, { kind: 'judge', verdict: 'fail', marks }));
      expect(refusal).toMatchObject({ status: 409, errCode: 'ITEM_REFUSED', messageKey: 'quality.sampling_item_judged', params: { round: 1 } });
      expect(refusal.envelope).toEqual({ code: 409, errCode: 'ITEM_REFUSED', message: 'This data has already been judged in round 1', data: null });
      expect(await appended(spec, since)).toEqual([]);
      expect({ task: await taskRow(t.taskId), sample: await sampleRows(t.taskId) }).toEqual(before);
      expect(before.task).toMatchObject({ status: 'open', judged_count: 1, passed_count: 1 });
    });

    it('a verdict on a task that passed (the machine)', async () => {
      const t = await givenTask(1, (t) => [
        ...claimedAll(t),
        happened(t).judged(1, t.sample[0], 'pass'),
        { type: 'SamplingRoundClosed', data: { taskId: t.taskId, projectId: t.p.projectId, round: 1, judged: 1, passed: 1, passRate: 1 } },
        { type: 'SamplingScopePassed', data: { taskId: t.taskId, projectId: t.p.projectId, round: 1 } },
      ]);
      const since = await mark(spec);
      await expectRefused(since, act(t, t.sample[0].itemId, t.p.inspector, { kind: 'judge', verdict: 'fail', marks }), { status: 409, errCode: 'INVALID_TRANSITION', messageKey: 'errors.invalid_transition' });
    });
  });
});

describe(StartSamplingRoundHandler.name, () => {
  const start = (t: Task) => new StartSamplingRoundHandler(spec.pipeline, repository(), work()).execute(new StartSamplingRoundCommand(t.taskId, as(t.p.pm)));

  it('draws the next round once every returned item has finished again', async () => {
    const t = await givenTask(1, (t) => happened(t).failedRound(1));
    const since = await mark(spec);
    expect(await start(t)).toMatchObject({ round: 2 });
    expect(await appended(spec, since)).toEqual([
      {
        stream: samplingStreamId(t.taskId),
        type: 'SamplingRoundStarted',
        actor: t.p.pm.id,
        data: expect.objectContaining({ round: 2, startedBy: t.p.pm.id, screeningCount: 1, sample: [{ itemId: t.sample[0].itemId, annotatorId: t.p.tagger.id, resultVersion: 1 }] }),
      },
    ]);
    expect(await taskRow(t.taskId)).toMatchObject({ status: 'open', round: 2, judged_count: 0 });
    expect((await sampleRows(t.taskId)).map((r) => r.round)).toEqual([1, 2]);
  });

  it('refuses while a returned item is still in rework', async () => {
    const t = await givenTask(1, (t) => happened(t).failedRound(1));
    // The item went back to annotation and has not finished again.
    await given(spec, itemLifecycle, itemStream(t.sample[0].itemId), t.p.pm, [
      {
        type: 'ItemReturned',
        data: { itemId: t.sample[0].itemId, projectId: t.p.projectId, linkId: t.p.inspection, gate: 'sampling', gateId: t.taskId, resultVersion: 1, marks, toLinkId: t.p.annotation, preferredClaimerId: t.p.tagger.id, returnedBy: t.p.inspector.id },
      },
    ]);
    const since = await mark(spec);
    await expectRefused(since, start(t), { status: 409, errCode: 'ITEM_REFUSED', messageKey: 'quality.sampling_rework_unfinished' });
  });
});

describe(DecideSamplingTaskHandler.name, () => {
  const decide = (t: Task, decision: 'accept' | 'return') =>
    new DecideSamplingTaskHandler(spec.pipeline, repository(), work()).execute(new DecideSamplingTaskCommand(t.taskId, { decision }, as(t.p.pm)));
  /** Four rounds failed: the task waits for the PM. */
  const heldAfterFourRounds = (t: Task) => [1, 2, 3, 4].flatMap((round) => [...(round > 1 ? [happened(t).roundStarted(round)] : []), ...happened(t).failedRound(round)]);

  it('return: the failed items of the last round go back for rework with the decision', async () => {
    const t = await givenTask(1, heldAfterFourRounds);
    expect(await taskRow(t.taskId)).toMatchObject({ status: 'held', round: 4 });
    const since = await mark(spec);
    expect(await decide(t, 'return')).toMatchObject({ status: 'decided' });
    const events = await appended(spec, since);
    expect(events.map((e) => [e.stream, e.type, e.actor])).toEqual([
      [samplingStreamId(t.taskId), 'SamplingTaskDecided', t.p.pm.id],
      [itemStream(t.sample[0].itemId), 'ItemReturned', t.p.pm.id],
    ]);
    expect(events[0].data).toMatchObject({ decision: 'return', decidedBy: t.p.pm.id, items: [expect.objectContaining({ itemId: t.sample[0].itemId, marks })] });
    expect(await taskRow(t.taskId)).toMatchObject({ status: 'decided', decision: 'return' });
    expect(await itemRow(t.sample[0].itemId)).toMatchObject({ status: 'waiting', link_id: t.p.annotation });
  });

  it('accept: the scope is accepted as it is and nothing returns', async () => {
    const t = await givenTask(1, heldAfterFourRounds);
    const since = await mark(spec);
    await decide(t, 'accept');
    expect(await appended(spec, since)).toEqual([
      { stream: samplingStreamId(t.taskId), type: 'SamplingTaskDecided', actor: t.p.pm.id, data: expect.objectContaining({ decision: 'accept', items: [] }) },
    ]);
    expect(await itemRow(t.sample[0].itemId)).toMatchObject({ status: 'finished' });
  });

  it('refuses a decision on a task that is not held (the machine)', async () => {
    const t = await givenTask(1);
    const since = await mark(spec);
    await expectRefused(since, decide(t, 'accept'), { status: 409, errCode: 'INVALID_TRANSITION', messageKey: 'errors.invalid_transition' });
  });
});
