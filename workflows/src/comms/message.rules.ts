// Who the platform writes to, and about what, when an event needs someone: an item rejected back to its annotator,
// a rework limit reached, a sampling round failed, an acceptance batch given, submitted or judged, an export or an
// algorithm call ended, an account disabled. Pure, so the messages projection derives the same inbox on replay.
import type { DomainEvent } from '../shared/event';

export const messageKinds = [
  'item_rejected',
  'item_returned',
  'item_held',
  'sampling_returned',
  'sampling_held',
  'acceptance_assigned',
  'acceptance_submitted',
  'acceptance_passed',
  'acceptance_rejected',
  'export_succeeded',
  'export_failed',
  'algorithm_call_finished',
  'algorithm_call_stopped',
  'account_disabled',
] as const;
export type MessageKind = (typeof messageKinds)[number];

/** What a message is about: the console links it to the subject's page. */
export type MessageSubjectType = 'item' | 'project' | 'sampling_task' | 'acceptance_batch' | 'export' | 'algorithm_call' | 'account';

/** Who follows a subject: its owner (who started it) or a worker on it (an acceptor who claimed a batch). */
export type FollowerRole = 'owner' | 'worker';

/** A person, or whoever follows a subject in a role: the messages projection keeps the followers. */
export type Addressee = { accountId: string } | { subjectId: string; as: FollowerRole };

export interface Follow {
  subjectId: string;
  accountId: string;
  as: FollowerRole;
}

export interface Notice {
  kind: MessageKind;
  to: Addressee[];
  projectId: string | null;
  subject: { type: MessageSubjectType; id: string };
  params: Record<string, string | number>;
}

export interface MessageRuling {
  follows: Follow[];
  notices: Notice[];
}

/** The event types that make a message or a follower; the projection reads only these. */
export const messageSourceTypes = [
  'ProjectDrafted',
  'ItemRejected',
  'ItemReturned',
  'ItemHeld',
  'SamplingTaskCreated',
  'SamplingScopeReturned',
  'SamplingTaskHeld',
  'AcceptanceBatchCreated',
  'AcceptanceBatchClaimed',
  'AcceptanceBatchSubmitted',
  'AcceptanceBatchPassed',
  'AcceptanceBatchRejected',
  'ExportRequested',
  'ExportSucceeded',
  'ExportFailed',
  'AlgorithmCallRequested',
  'AlgorithmCallFinished',
  'AlgorithmCallStopped',
  'AccountDisabled',
] as const;

type Data = Record<string, any>;
const none: MessageRuling = { follows: [], notices: [] };
const person = (accountId: string | null | undefined): Addressee[] => (accountId ? [{ accountId }] : []);
const owner = (subjectId: string): Addressee[] => [{ subjectId, as: 'owner' }];
const notice = (kind: MessageKind, to: Addressee[], projectId: string | null, subject: Notice['subject'], params: Notice['params'] = {}): MessageRuling => ({
  follows: [],
  notices: to.length > 0 ? [{ kind, to, projectId, subject, params }] : [],
});
const follow = (subjectId: string, accountId: string, as: FollowerRole = 'owner'): Follow => ({ subjectId, accountId, as });

/** `actorId` is the one whose command wrote the event: a project's owner is the PM who drafted it. */
export function messageRulingOf(event: DomainEvent<string, unknown>, actorId: string): MessageRuling {
  const d = event.data as Data;
  switch (event.type) {
    case 'ProjectDrafted':
      return { follows: [follow(d.projectId, actorId)], notices: [] };
    case 'ItemRejected':
      return notice('item_rejected', person(d.preferredClaimerId), d.projectId, { type: 'item', id: d.itemId }, { reworkCount: d.reworkCount, marks: d.marks.length });
    case 'ItemReturned':
      return notice('item_returned', person(d.preferredClaimerId), d.projectId, { type: 'item', id: d.itemId }, { gate: `messages.gate_${d.gate}`, marks: d.marks.length });
    case 'ItemHeld':
      return notice('item_held', owner(d.projectId), d.projectId, { type: 'item', id: d.itemId }, { reworkCount: d.reworkCount, reworkMaxCount: d.reworkMaxCount });
    case 'SamplingTaskCreated':
      return { follows: [follow(d.taskId, d.createdBy)], notices: [] };
    case 'SamplingScopeReturned':
      return notice('sampling_returned', owner(d.taskId), d.projectId, { type: 'sampling_task', id: d.taskId }, { round: d.round, items: d.items.length });
    case 'SamplingTaskHeld':
      return notice('sampling_held', owner(d.taskId), d.projectId, { type: 'sampling_task', id: d.taskId }, { round: d.round });
    case 'AcceptanceBatchCreated': {
      const given = notice('acceptance_assigned', d.acceptorIds.map((accountId: string) => ({ accountId })), d.projectId, { type: 'acceptance_batch', id: d.batchId }, { sequence: d.sequence, items: d.items.length });
      return { follows: [follow(d.batchId, d.createdBy)], notices: given.notices };
    }
    case 'AcceptanceBatchClaimed':
      return { follows: [follow(d.batchId, d.acceptorId, 'worker')], notices: [] };
    case 'AcceptanceBatchSubmitted':
      return notice('acceptance_submitted', owner(d.batchId), d.projectId, { type: 'acceptance_batch', id: d.batchId }, { passed: d.passed, rejected: d.rejected });
    case 'AcceptanceBatchPassed':
    case 'AcceptanceBatchRejected': {
      const kind = event.type === 'AcceptanceBatchPassed' ? 'acceptance_passed' : 'acceptance_rejected';
      return notice(kind, [{ subjectId: d.batchId, as: 'worker' }], d.projectId, { type: 'acceptance_batch', id: d.batchId }, { passed: d.passed.length, rejected: d.rejected.length + d.returned.length });
    }
    case 'ExportRequested':
      return { follows: [follow(d.exportId, d.requestedBy)], notices: [] };
    case 'ExportSucceeded':
      return notice('export_succeeded', owner(d.exportId), d.projectId, { type: 'export', id: d.exportId }, { items: d.items, objects: d.objects });
    case 'ExportFailed':
      return notice('export_failed', owner(d.exportId), d.projectId, { type: 'export', id: d.exportId }, { reasonKey: d.reasonKey });
    case 'AlgorithmCallRequested':
      return { follows: [follow(d.callId, d.requestedBy)], notices: [] };
    case 'AlgorithmCallFinished':
      return notice('algorithm_call_finished', owner(d.callId), null, { type: 'algorithm_call', id: d.callId });
    case 'AlgorithmCallStopped':
      // A person who stops a call knows it; a call the platform stopped (its endpoint kept failing) is news.
      return d.reasonKey === 'algorithms.stopped_by'
        ? none
        : notice('algorithm_call_stopped', owner(d.callId), null, { type: 'algorithm_call', id: d.callId }, { reasonKey: d.reasonKey });
    case 'AccountDisabled':
      return notice('account_disabled', person(d.accountId), null, { type: 'account', id: d.accountId });
    default:
      return none;
  }
}
