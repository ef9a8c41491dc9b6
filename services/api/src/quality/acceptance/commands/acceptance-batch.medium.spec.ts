// The commands of an acceptance batch on a real database: given finished items, client acceptors and the batch's
// history, when the PM or an acceptor acts, then the events appended (the batch's, and the items' a verdict returns)
// with their actor, and the batch's and its items' rows; or the refusal, with nothing appended.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { acceptanceLifecycle, type Actor, ItemWork, itemLifecycle } from '@annot/core';
import { type AcceptanceEvent, acceptanceStreamId } from '@annot/workflows';
import {
  appended,
  as,
  errorMark,
  finished,
  given,
  givenAccount,
  givenItems,
  givenProject,
  itemStream,
  mark,
  person,
  type ProjectOptions,
  refusalOf,
  specDatabase,
  type SpecProject,
} from '../../../../../../tests/support/given-when-then';
import { AcceptanceRepository } from '../acceptance.repository';
import { AcceptanceWork } from '../acceptance-work.service';
import { type AcceptanceAction, ActOnAcceptanceBatchCommand, ActOnAcceptanceBatchHandler } from './act-on-acceptance-batch.handler';
import { CreateAcceptanceBatchesCommand, CreateAcceptanceBatchesHandler } from './create-acceptance-batches.handler';
import { DecideAcceptanceBatchCommand, DecideAcceptanceBatchHandler } from './decide-acceptance-batch.handler';

const spec = specDatabase();
const marks = [errorMark('lane missing')];
const repository = () => new AcceptanceRepository(spec.db);

interface Batch {
  p: SpecProject;
  dataBatchId: string;
  itemIds: string[];
  batchId: string;
  acceptor: Actor;
  otherAcceptor: Actor;
}

/** A project with `count` finished items in one data batch and two client acceptors. */
async function finishedItems(count: number, options: ProjectOptions = {}) {
  const p = await givenProject(spec, options);
  const { batchId: dataBatchId, itemIds } = await givenItems(spec, p, count);
  for (const itemId of itemIds) await given(spec, itemLifecycle, itemStream(itemId), p.tagger, finished(p, itemId));
  const [acceptor, otherAcceptor] = [person('50'), person('50')];
  for (const one of [acceptor, otherAcceptor]) await givenAccount(spec, one, p.pm);
  return { p, dataBatchId, itemIds, acceptor, otherAcceptor };
}

/** The batch's events as its deciders write them. */
function happened(b: Batch) {
  const ref = { batchId: b.batchId, projectId: b.p.projectId };
  const at = new Date().toISOString();
  return {
    created: (): AcceptanceEvent => ({
      type: 'AcceptanceBatchCreated',
      data: { ...ref, sequence: 1, items: b.itemIds.map((itemId) => ({ itemId, resultVersion: 1 })), acceptorIds: [b.acceptor.id, b.otherAcceptor.id], createdBy: b.p.pm.id, createdAt: at },
    }),
    claimed: (by: Actor = b.acceptor): AcceptanceEvent => ({ type: 'AcceptanceBatchClaimed', data: { ...ref, acceptorId: by.id, claimedAt: at, takenOverFrom: null, discardedVerdicts: 0 } }),
    judged: (itemId: string, verdict: 'pass' | 'reject'): AcceptanceEvent => ({
      type: 'AcceptanceItemJudged',
      data: { ...ref, itemId, verdict, marks: verdict === 'reject' ? marks : [], resultVersion: 1, acceptorId: b.acceptor.id, judgedAt: at },
    }),
    submitted: (passed: number, rejected: number): AcceptanceEvent => ({
      type: 'AcceptanceBatchSubmitted',
      data: { ...ref, acceptorId: b.acceptor.id, startedAt: at, submittedAt: at, costSeconds: 0, passed, rejected },
    }),
  };
}

/** An acceptance batch of every finished item for both acceptors, with the history given. */
async function givenBatch(count: number, history: (b: Batch) => AcceptanceEvent[] = () => [], options: ProjectOptions = {}): Promise<Batch> {
  const b = { ...(await finishedItems(count, options)), batchId: randomUUID() };
  await given(spec, acceptanceLifecycle, acceptanceStreamId(b.batchId), b.p.pm, [happened(b).created(), ...history(b)]);
  return b;
}
/** Claimed by the first acceptor, the first item passed and the second rejected, and submitted. */
const submitted = (b: Batch) => [happened(b).claimed(), happened(b).judged(b.itemIds[0], 'pass'), happened(b).judged(b.itemIds[1], 'reject'), happened(b).submitted(1, 1)];

const batchRow = (batchId: string) =>
  spec.db.selectFrom('acceptance_batches').select(['status', 'claimer_id', 'item_count', 'judged_count', 'passed_count', 'rejected_count']).where('batch_id', '=', batchId).executeTakeFirstOrThrow();
const itemRows = (batchId: string) => spec.db.selectFrom('acceptance_items').select(['item_id', 'verdict', 'outcome']).where('batch_id', '=', batchId).orderBy('position').execute();
const poolRow = (itemId: string) => spec.db.selectFrom('items').select(['status', 'link_id', 'rework']).where('item_id', '=', itemId).executeTakeFirstOrThrow();

const act = (b: Batch, who: Actor, action: AcceptanceAction, expectedVersion?: bigint) =>
  new ActOnAcceptanceBatchHandler(spec.pipeline, new AcceptanceWork(repository())).execute(new ActOnAcceptanceBatchCommand(b.batchId, action, as(who), expectedVersion));

async function expectRefused(since: bigint, command: Promise<unknown>, refusal: { status: number; errCode: string; messageKey: string; params?: Record<string, unknown> }) {
  expect(await refusalOf(command)).toMatchObject(refusal);
  expect(await appended(spec, since)).toEqual([]);
}

describe(CreateAcceptanceBatchesHandler.name, () => {
  const create = (p: SpecProject, body: CreateAcceptanceBatchesCommand['body']) =>
    new CreateAcceptanceBatchesHandler(spec.pipeline, repository(), new ItemWork()).execute(new CreateAcceptanceBatchesCommand(p.projectId, body, as(p.pm)));

  it('splits the finished items into numbered batches for the acceptors chosen, each its own stream', async () => {
    const { p, dataBatchId, itemIds, acceptor } = await finishedItems(3);
    const since = await mark(spec);
    const { created, leftOut } = await create(p, { dataBatchIds: [dataBatchId], split: { by: 'number', batches: 2 }, acceptorIds: [acceptor.id] });
    expect(leftOut).toBe(0);
    expect(created.map((c) => [c.sequence, c.itemCount])).toEqual([
      [1, 2],
      [2, 1],
    ]);
    const events = await appended(spec, since);
    expect(events.map((e) => [e.stream, e.type, e.actor])).toEqual(created.map((c) => [acceptanceStreamId(c.batchId), 'AcceptanceBatchCreated', p.pm.id]));
    expect(events.flatMap((e) => (e.data.items as { itemId: string; resultVersion: number }[]).map((i) => [i.itemId, i.resultVersion]))).toEqual(itemIds.map((id) => [id, 1]));
    expect(events[0].data).toMatchObject({ sequence: 1, acceptorIds: [acceptor.id], createdBy: p.pm.id });
    expect(await batchRow(created[0].batchId)).toMatchObject({ status: 'pending', item_count: 2, claimer_id: null });
  });

  const refusals: [string, (b: Awaited<ReturnType<typeof finishedItems>>) => CreateAcceptanceBatchesCommand['body'], { status: number; errCode: string; messageKey: string }][] = [
    [
      'an acceptor who is not an active client acceptor',
      (b) => ({ dataBatchIds: [], split: { by: 'number', batches: 1 }, acceptorIds: [b.p.tagger.id] }),
      { status: 400, errCode: 'VALIDATION_FAILED', messageKey: 'quality.acceptance_acceptor_unknown' },
    ],
    ['a data batch of another project: 404', (b) => ({ dataBatchIds: [randomUUID()], split: { by: 'number', batches: 1 }, acceptorIds: [b.acceptor.id] }), { status: 404, errCode: 'NOT_FOUND', messageKey: 'errors.not_found' }],
    [
      'more batches than items, on the form split field',
      (b) => ({ dataBatchIds: [], split: { by: 'number', batches: 3 }, acceptorIds: [b.acceptor.id] }),
      { status: 400, errCode: 'VALIDATION_FAILED', messageKey: 'quality.acceptance_batch_number_unreasonable' },
    ],
  ];
  for (const [name, body, refusal] of refusals) {
    it(`refuses ${name}`, async () => {
      const b = await finishedItems(2);
      const since = await mark(spec);
      await expectRefused(since, create(b.p, body(b)), refusal);
    });
  }

  it('refuses when no item is finished', async () => {
    const p = await givenProject(spec);
    await givenItems(spec, p, 1);
    const acceptor = person('50');
    await givenAccount(spec, acceptor, p.pm);
    const since = await mark(spec);
    await expectRefused(since, create(p, { dataBatchIds: [], split: { by: 'number', batches: 1 }, acceptorIds: [acceptor.id] }), { status: 409, errCode: 'ITEM_REFUSED', messageKey: 'quality.acceptance_selection_empty' });
  });
});

describe(ActOnAcceptanceBatchHandler.name, () => {
  it('claim: an acceptor the batch names claims it', async () => {
    const b = await givenBatch(2);
    const since = await mark(spec);
    expect(await act(b, b.acceptor, { kind: 'claim', confirmTakeover: false })).toEqual({ version: '2', status: 'accepting' });
    expect(await appended(spec, since)).toEqual([
      { stream: acceptanceStreamId(b.batchId), type: 'AcceptanceBatchClaimed', actor: b.acceptor.id, data: expect.objectContaining({ acceptorId: b.acceptor.id, takenOverFrom: null, discardedVerdicts: 0 }) },
    ]);
    expect(await batchRow(b.batchId)).toMatchObject({ status: 'accepting', claimer_id: b.acceptor.id });
  });

  it('claim: a confirmed takeover replaces the holder and discards their verdicts', async () => {
    const b = await givenBatch(2, (b) => [happened(b).claimed(), happened(b).judged(b.itemIds[0], 'pass')]);
    const since = await mark(spec);
    await act(b, b.otherAcceptor, { kind: 'claim', confirmTakeover: true });
    expect(await appended(spec, since)).toEqual([
      {
        stream: acceptanceStreamId(b.batchId),
        type: 'AcceptanceBatchClaimed',
        actor: b.otherAcceptor.id,
        data: expect.objectContaining({ acceptorId: b.otherAcceptor.id, takenOverFrom: b.acceptor.id, discardedVerdicts: 1 }),
      },
    ]);
    expect(await batchRow(b.batchId)).toMatchObject({ claimer_id: b.otherAcceptor.id, judged_count: 0 });
    expect((await itemRows(b.batchId)).map((r) => r.verdict)).toEqual([null, null]);
  });

  it('judge: the claimer judges an item; the batch counts it', async () => {
    const b = await givenBatch(2, (b) => [happened(b).claimed()]);
    const since = await mark(spec);
    await act(b, b.acceptor, { kind: 'judge', itemId: b.itemIds[1], verdict: 'reject', marks });
    expect(await appended(spec, since)).toEqual([
      {
        stream: acceptanceStreamId(b.batchId),
        type: 'AcceptanceItemJudged',
        actor: b.acceptor.id,
        data: expect.objectContaining({ itemId: b.itemIds[1], verdict: 'reject', marks, resultVersion: 1, acceptorId: b.acceptor.id }),
      },
    ]);
    expect(await batchRow(b.batchId)).toMatchObject({ judged_count: 1, rejected_count: 1 });
    expect((await itemRows(b.batchId)).map((r) => r.verdict)).toEqual([null, 'reject']);
  });

  it('submit: once every item is judged the claimer submits it to the PM', async () => {
    const b = await givenBatch(2, (b) => submitted(b).slice(0, 3));
    const since = await mark(spec);
    expect((await act(b, b.acceptor, { kind: 'submit' })).status).toBe('submitted');
    expect(await appended(spec, since)).toEqual([
      { stream: acceptanceStreamId(b.batchId), type: 'AcceptanceBatchSubmitted', actor: b.acceptor.id, data: expect.objectContaining({ acceptorId: b.acceptor.id, passed: 1, rejected: 1 }) },
    ]);
    expect(await batchRow(b.batchId)).toMatchObject({ status: 'submitted' });
  });

  it('withdraw: the PM revokes a batch before its verdict', async () => {
    const b = await givenBatch(1, (b) => [happened(b).claimed()]);
    const since = await mark(spec);
    await act(b, b.p.pm, { kind: 'withdraw' });
    expect(await appended(spec, since)).toEqual([
      { stream: acceptanceStreamId(b.batchId), type: 'AcceptanceBatchWithdrawn', actor: b.p.pm.id, data: expect.objectContaining({ withdrawnBy: b.p.pm.id, from: 'accepting' }) },
    ]);
    expect(await batchRow(b.batchId)).toMatchObject({ status: 'withdrawn' });
  });

  describe('refuses and appends nothing', () => {
    const claimed = (b: Batch) => [happened(b).claimed()];
    const refusals: [string, (b: Batch) => AcceptanceEvent[], (b: Batch) => [Actor, AcceptanceAction], { status: number; errCode: string; messageKey: string; params?: Record<string, unknown> }][] = [
      [
        'a claim of a batch another acceptor holds, until the takeover is confirmed',
        (b) => [happened(b).claimed(), happened(b).judged(b.itemIds[0], 'pass')],
        (b) => [b.otherAcceptor, { kind: 'claim', confirmTakeover: false }],
        { status: 409, errCode: 'ACCEPTANCE_CLAIMED', messageKey: 'quality.acceptance_claimed_by_other', params: { judged: 1 } },
      ],
      ['a claim by an acceptor the batch does not name: 403', () => [], () => [person('50'), { kind: 'claim', confirmTakeover: false }], { status: 403, errCode: 'FORBIDDEN', messageKey: 'quality.acceptance_not_named' }],
      [
        'a verdict by an acceptor who does not hold the batch',
        claimed,
        (b) => [b.otherAcceptor, { kind: 'judge', itemId: b.itemIds[0], verdict: 'pass', marks: [] }],
        { status: 409, errCode: 'ITEM_REFUSED', messageKey: 'quality.acceptance_not_claimer' },
      ],
      ['a verdict on an item not in the batch', claimed, (b) => [b.acceptor, { kind: 'judge', itemId: randomUUID(), verdict: 'pass', marks: [] }], { status: 409, errCode: 'ITEM_REFUSED', messageKey: 'quality.acceptance_item_unknown' }],
      ['a reject without marks', claimed, (b) => [b.acceptor, { kind: 'judge', itemId: b.itemIds[0], verdict: 'reject', marks: [] }], { status: 409, errCode: 'ITEM_REFUSED', messageKey: 'items.marks_empty' }],
      ['a submission with items unjudged', claimed, (b) => [b.acceptor, { kind: 'submit' }], { status: 409, errCode: 'ITEM_REFUSED', messageKey: 'quality.acceptance_items_unjudged', params: { count: 2 } }],
      ['a submission of a batch nobody claimed (the machine)', () => [], (b) => [b.p.pm, { kind: 'submit' }], { status: 409, errCode: 'INVALID_TRANSITION', messageKey: 'errors.invalid_transition' }],
    ];
    for (const [name, history, when, refusal] of refusals) {
      it(name, async () => {
        const b = await givenBatch(2, history);
        const before = await batchRow(b.batchId);
        const since = await mark(spec);
        const [who, action] = when(b);
        await expectRefused(since, act(b, who, action), refusal);
        expect(await batchRow(b.batchId)).toEqual(before);
      });
    }

    it('a batch that does not exist: 404', async () => {
      const b = await givenBatch(1);
      await expectRefused(await mark(spec), act({ ...b, batchId: randomUUID() }, b.acceptor, { kind: 'claim', confirmTakeover: false }), { status: 404, errCode: 'NOT_FOUND', messageKey: 'errors.not_found' });
    });

    it('a version the caller saw that is no longer the batch version', async () => {
      const b = await givenBatch(1, claimed);
      await expectRefused(await mark(spec), act(b, b.p.pm, { kind: 'withdraw' }, 1n), { status: 409, errCode: 'VERSION_CONFLICT', messageKey: 'errors.version_conflict' });
    });
  });
});

describe(DecideAcceptanceBatchHandler.name, () => {
  const decide = (b: Batch, verdict: 'pass' | 'reject') =>
    new DecideAcceptanceBatchHandler(spec.pipeline, repository(), new AcceptanceWork(repository()), new ItemWork()).execute(new DecideAcceptanceBatchCommand(b.batchId, verdict, as(b.p.pm)));

  it('pass with repair allowed: the passed items are accepted and the rejected ones go back for rework', async () => {
    const b = await givenBatch(2, submitted, { repairAfterAcceptance: true });
    const since = await mark(spec);
    expect((await decide(b, 'pass')).status).toBe('passed');
    const events = await appended(spec, since);
    expect(events.map((e) => [e.stream, e.type, e.actor])).toEqual([
      [acceptanceStreamId(b.batchId), 'AcceptanceBatchPassed', b.p.pm.id],
      [itemStream(b.itemIds[1]), 'ItemReturned', b.p.pm.id],
    ]);
    expect(events[0].data).toMatchObject({ repairAllowed: true, passed: [b.itemIds[0]], returned: [{ itemId: b.itemIds[1], resultVersion: 1, marks }], rejected: [] });
    expect(events[1].data).toMatchObject({ gate: 'acceptance', gateId: b.batchId, marks, toLinkId: b.p.annotation });
    expect((await itemRows(b.batchId)).map((r) => r.outcome)).toEqual(['passed', 'returned']);
    expect([await poolRow(b.itemIds[0]), await poolRow(b.itemIds[1])]).toEqual([
      { status: 'finished', link_id: b.p.inspection, rework: false },
      { status: 'waiting', link_id: b.p.annotation, rework: true },
    ]);
  });

  it('reject without repair: every item is rejected for good and none goes back', async () => {
    const b = await givenBatch(2, submitted);
    const since = await mark(spec);
    expect((await decide(b, 'reject')).status).toBe('rejected');
    const events = await appended(spec, since);
    expect(events.map((e) => [e.type, e.actor])).toEqual([['AcceptanceBatchRejected', b.p.pm.id]]);
    expect(events[0].data).toMatchObject({ repairAllowed: false, passed: [], returned: [], rejected: b.itemIds.map((itemId) => expect.objectContaining({ itemId })) });
    expect((await itemRows(b.batchId)).map((r) => r.outcome)).toEqual(['rejected', 'rejected']);
    expect((await poolRow(b.itemIds[1])).status).toBe('finished');
  });

  it('refuses a verdict on a batch not submitted (the machine)', async () => {
    const b = await givenBatch(1);
    await expectRefused(await mark(spec), decide(b, 'pass'), { status: 409, errCode: 'INVALID_TRANSITION', messageKey: 'errors.invalid_transition' });
  });
});
