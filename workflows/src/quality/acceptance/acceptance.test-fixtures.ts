// Shared fixtures of the acceptance specs: a three-item batch, its PM, the two client acceptors it names and one it does not.
import type { ErrorMark } from '../../items/item.events';
import type { AcceptanceEvent, AcceptanceVerdict } from './acceptance.events';
import { type AcceptanceState, foldAcceptance, startAcceptanceState } from './acceptance.evolve';

export const ids = {
  batch: '00000000-0000-4000-8000-0000000ac001',
  project: '00000000-0000-4000-8000-000000000002',
  item1: '10000000-0000-0000-0000-000000000001',
  item2: '10000000-0000-0000-0000-000000000002',
  item3: '10000000-0000-0000-0000-000000000003',
  stranger: '10000000-0000-0000-0000-0000000000ff',
  pm: '00000000-0000-4000-8000-00000000cccc',
  client: '00000000-0000-4000-8000-0000000c0001',
  client2: '00000000-0000-4000-8000-0000000c0002',
  /** A client acceptor the batch does not name. */
  client3: '00000000-0000-4000-8000-0000000c0003',
  errorGroup: '00000000-0000-4000-8000-00000000e440',
} as const;

export const pm = { id: ids.pm, manager: true };
export const client = { id: ids.client, manager: false };
export const client2 = { id: ids.client2, manager: false };
export const client3 = { id: ids.client3, manager: false };

export const ref = { batchId: ids.batch, projectId: ids.project };
export const batchItems = [
  { itemId: ids.item1, resultVersion: 3 },
  { itemId: ids.item2, resultVersion: 1 },
  { itemId: ids.item3, resultVersion: 2 },
];
export const acceptorIds = [ids.client, ids.client2];
export const mark: ErrorMark = { errorGroupId: ids.errorGroup, value: 'missed object', objectId: null, frame: null, spot: { x: 4, y: 5 }, comment: '' };

export const createdAt = '2026-02-01T08:00:00.000Z';
export const claimedAt = '2026-02-01T09:00:00.000Z';
const at = '2026-02-01T09:10:00.000Z';

/** Events as the deciders write them, for building histories tersely. */
export const happened = {
  created: (): AcceptanceEvent => ({ type: 'AcceptanceBatchCreated', data: { ...ref, sequence: 1, items: batchItems, acceptorIds, createdBy: ids.pm, createdAt } }),
  claimed: (acceptorId: string = ids.client, takenOverFrom: string | null = null, discardedVerdicts = 0, when = claimedAt): AcceptanceEvent => ({
    type: 'AcceptanceBatchClaimed',
    data: { ...ref, acceptorId, claimedAt: when, takenOverFrom, discardedVerdicts },
  }),
  judged: (itemId: string, verdict: AcceptanceVerdict, acceptorId: string = ids.client): AcceptanceEvent => ({
    type: 'AcceptanceItemJudged',
    data: {
      ...ref,
      itemId,
      verdict,
      marks: verdict === 'reject' ? [mark] : [],
      resultVersion: batchItems.find((i) => i.itemId === itemId)?.resultVersion ?? 0,
      acceptorId,
      judgedAt: at,
    },
  }),
  submitted: (rejected = 1): AcceptanceEvent => ({
    type: 'AcceptanceBatchSubmitted',
    data: { ...ref, acceptorId: ids.client, startedAt: claimedAt, submittedAt: '2026-02-01T09:30:00.000Z', costSeconds: 1800, passed: 3 - rejected, rejected },
  }),
  withdrawn: (from: 'pending' | 'accepting' | 'submitted'): AcceptanceEvent => ({
    type: 'AcceptanceBatchWithdrawn',
    data: { ...ref, withdrawnBy: ids.pm, withdrawnAt: at, from },
  }),
};

export const fresh = (): AcceptanceState => startAcceptanceState(ref);
export const given = (events: AcceptanceEvent[]): AcceptanceState => foldAcceptance(fresh(), events);

/** Claimed by the client, who passed the first and third items and rejected the second. */
export const allJudged = (): AcceptanceEvent[] => [
  happened.created(),
  happened.claimed(),
  happened.judged(ids.item1, 'pass'),
  happened.judged(ids.item2, 'reject'),
  happened.judged(ids.item3, 'pass'),
];
export const submitted = (): AcceptanceState => given([...allJudged(), happened.submitted()]);
