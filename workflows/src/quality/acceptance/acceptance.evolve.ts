// Folds an acceptance batch's events into what its machine decides on and what the batch lists show.
import type { ErrorMark } from '../../items/item.events';
import type { AcceptanceEvent, AcceptanceEventOf, AcceptanceItem, AcceptanceVerdict } from './acceptance.events';
import type { AcceptanceMachineContext, AcceptanceStatus } from './acceptance.machine';

/** Where the PM's verdict sent an item: accepted, back for rework, or rejected for good. */
export type AcceptanceOutcome = 'passed' | 'returned' | 'rejected';

export interface AcceptanceEntry extends AcceptanceItem {
  verdict: AcceptanceVerdict | null;
  marks: ErrorMark[];
  judgedAt: string | null;
  /** Null until the PM's verdict. */
  outcome: AcceptanceOutcome | null;
}

export interface AcceptanceState {
  batchId: string;
  projectId: string;
  status: AcceptanceStatus;
  sequence: number;
  createdBy: string | null;
  createdAt: string | null;
  items: AcceptanceEntry[];
  /** The client acceptors named by the PM: the only ones who may claim the batch. */
  acceptorIds: string[];
  /** The claimed inspector of the seed's batch list: the acceptor who holds the batch now. */
  claimerId: string | null;
  /** The start time: when the current claim was made, a takeover starting it again. */
  startedAt: string | null;
  takeovers: number;
  submittedAt: string | null;
  costSeconds: number | null;
  decidedBy: string | null;
  decidedAt: string | null;
  repairAllowed: boolean | null;
  withdrawnBy: string | null;
  withdrawnAt: string | null;
}

export function startAcceptanceState(ref: { batchId: string; projectId: string }): AcceptanceState {
  return {
    ...ref,
    status: 'not_accepted',
    sequence: 0,
    createdBy: null,
    createdAt: null,
    items: [],
    acceptorIds: [],
    claimerId: null,
    startedAt: null,
    takeovers: 0,
    submittedAt: null,
    costSeconds: null,
    decidedBy: null,
    decidedAt: null,
    repairAllowed: null,
    withdrawnBy: null,
    withdrawnAt: null,
  };
}

export const acceptanceMachineContext = (state: AcceptanceState): AcceptanceMachineContext => ({
  claimerId: state.claimerId,
  items: state.items.map(({ itemId, verdict }) => ({ itemId, verdict })),
});

const unjudged = (): Pick<AcceptanceEntry, 'verdict' | 'marks' | 'judgedAt'> => ({ verdict: null, marks: [], judgedAt: null });

function decided(state: AcceptanceState, event: AcceptanceEventOf<'AcceptanceBatchPassed' | 'AcceptanceBatchRejected'>): AcceptanceState {
  const { decidedBy, decidedAt, repairAllowed, passed, returned, rejected } = event.data;
  const outcomes = new Map<string, AcceptanceOutcome>([
    ...passed.map((id) => [id, 'passed'] as const),
    ...returned.map((i) => [i.itemId, 'returned'] as const),
    ...rejected.map((i) => [i.itemId, 'rejected'] as const),
  ]);
  const status = event.type === 'AcceptanceBatchPassed' ? 'passed' : 'rejected';
  const items = state.items.map((item) => ({ ...item, outcome: outcomes.get(item.itemId) ?? null }));
  return { ...state, status, decidedBy, decidedAt, repairAllowed, items };
}

export function evolveAcceptance(state: AcceptanceState, event: AcceptanceEvent): AcceptanceState {
  switch (event.type) {
    case 'AcceptanceBatchCreated': {
      const { sequence, acceptorIds, createdBy, createdAt } = event.data;
      const items = event.data.items.map((item) => ({ ...item, ...unjudged(), outcome: null }));
      return { ...state, status: 'pending', sequence, acceptorIds, createdBy, createdAt, items };
    }
    case 'AcceptanceBatchClaimed': {
      const { acceptorId, claimedAt, takenOverFrom } = event.data;
      const claimed = { ...state, status: 'accepting' as const, claimerId: acceptorId, startedAt: claimedAt };
      // The earlier acceptor's verdicts are replaced, not merged: the new acceptor judges every item again.
      if (takenOverFrom === null) return claimed;
      return { ...claimed, takeovers: state.takeovers + 1, items: state.items.map((item) => ({ ...item, ...unjudged() })) };
    }
    case 'AcceptanceItemJudged': {
      const { itemId, verdict, marks, judgedAt } = event.data;
      return { ...state, items: state.items.map((item) => (item.itemId === itemId ? { ...item, verdict, marks, judgedAt } : item)) };
    }
    case 'AcceptanceBatchSubmitted':
      return { ...state, status: 'submitted', submittedAt: event.data.submittedAt, costSeconds: event.data.costSeconds };
    case 'AcceptanceBatchPassed':
    case 'AcceptanceBatchRejected':
      return decided(state, event);
    case 'AcceptanceBatchWithdrawn':
      return { ...state, status: 'withdrawn', withdrawnBy: event.data.withdrawnBy, withdrawnAt: event.data.withdrawnAt };
  }
}

export function foldAcceptance(state: AcceptanceState, events: AcceptanceEvent[]): AcceptanceState {
  return events.reduce(evolveAcceptance, state);
}
