// Folds an item's work events into what the machine decides on and what the item lists show.
import type { ErrorMark, ItemEvent } from './item.events';
import type { ResultDocument } from './result.schema';

export type ItemStatus = 'unlinked' | 'pooled' | 'claimed' | 'held' | 'finished';
export type ItemLinkStatus = 'waiting' | 'claimed' | 'submitted' | 'passed' | 'rejected' | 'held' | 'accepted';

export interface ItemState {
  itemId: string;
  projectId: string;
  status: ItemStatus;
  /** The link the item is in; null only while its project has no links. */
  linkId: string | null;
  /** The links the item has reached, in the order it reached them, each with where it stands there. */
  links: { linkId: string; status: ItemLinkStatus }[];
  claimerId: string | null;
  claimId: string | null;
  claimedAt: string | null;
  deadline: string | null;
  effectiveness: 'valid' | 'invalid';
  invalidReasonId: string | null;
  /** Pending until an inspector confirms the annotator's invalid mark. */
  invalidity: 'pending' | 'confirmed' | null;
  submissionCount: number;
  reworkCount: number;
  /** The item waits or is worked on because an inspector rejected it. */
  rework: boolean;
  /** Who a rework is offered to first: the one who annotated the rejected result. */
  preferredClaimerId: string | null;
  /** The last person who submitted the item in each annotation link. */
  lastAnnotators: Record<string, string>;
  /** Everyone who ever submitted it in an annotation link: none of them may inspect it. */
  annotatorIds: string[];
  resultVersion: number;
  result: ResultDocument | null;
  objectCount: number;
  lastSavedAt: string | null;
  lastSubmittedAt: string | null;
  /** The marks of the last rejection, which the rework screen shows. */
  marks: ErrorMark[];
  held: boolean;
}

/** Where an item stands before its stream has any event: as its import registered it, in a pool or with no link. */
export function startItemState(item: { itemId: string; projectId: string; linkId: string | null }): ItemState {
  return {
    itemId: item.itemId,
    projectId: item.projectId,
    status: item.linkId ? 'pooled' : 'unlinked',
    linkId: item.linkId,
    links: item.linkId ? [{ linkId: item.linkId, status: 'waiting' }] : [],
    claimerId: null,
    claimId: null,
    claimedAt: null,
    deadline: null,
    effectiveness: 'valid',
    invalidReasonId: null,
    invalidity: null,
    submissionCount: 0,
    reworkCount: 0,
    rework: false,
    preferredClaimerId: null,
    lastAnnotators: {},
    annotatorIds: [],
    resultVersion: 0,
    result: null,
    objectCount: 0,
    lastSavedAt: null,
    lastSubmittedAt: null,
    marks: [],
    held: false,
  };
}

function withLinkStatus(links: ItemState['links'], linkId: string, status: ItemLinkStatus): ItemState['links'] {
  return links.some((l) => l.linkId === linkId) ? links.map((l) => (l.linkId === linkId ? { linkId, status } : l)) : [...links, { linkId, status }];
}

const noClaim = { claimerId: null, claimId: null, claimedAt: null, deadline: null } as const;

/** Leaves a link with a status and, when it goes on, enters the next link's pool. */
function moveOn(state: ItemState, from: string, status: ItemLinkStatus, to: string | null): ItemState {
  const links = withLinkStatus(state.links, from, status);
  if (!to) return { ...state, ...noClaim, links };
  return { ...state, ...noClaim, status: 'pooled', linkId: to, links: withLinkStatus(links, to, 'waiting') };
}

export function evolveItem(state: ItemState, event: ItemEvent): ItemState {
  switch (event.type) {
    case 'ItemEnteredPool':
      return { ...state, status: 'pooled', linkId: event.data.linkId, links: withLinkStatus(state.links, event.data.linkId, 'waiting') };
    case 'ItemClaimed': {
      const { linkId, claimId, claimerId, claimedAt, deadline } = event.data;
      return { ...state, status: 'claimed', linkId, claimId, claimerId, claimedAt, deadline, links: withLinkStatus(state.links, linkId, 'claimed') };
    }
    case 'ItemReleased':
    case 'ItemClaimExpired':
      return { ...state, ...noClaim, status: 'pooled', links: withLinkStatus(state.links, event.data.linkId, 'waiting') };
    case 'ResultSaved':
      return { ...state, resultVersion: event.data.resultVersion, result: event.data.result, objectCount: event.data.objectCount, lastSavedAt: event.data.savedAt };
    case 'ItemSubmitted': {
      const { linkId, submittedBy, submittedAt, toLinkId } = event.data;
      const annotatorIds = state.annotatorIds.includes(submittedBy) ? state.annotatorIds : [...state.annotatorIds, submittedBy];
      const next = moveOn(state, linkId, 'submitted', toLinkId);
      return {
        ...next,
        submissionCount: state.submissionCount + 1,
        lastSubmittedAt: submittedAt,
        lastAnnotators: { ...state.lastAnnotators, [linkId]: submittedBy },
        annotatorIds,
        rework: false,
        preferredClaimerId: null,
      };
    }
    case 'ItemMarkedInvalid':
      return { ...state, effectiveness: 'invalid', invalidReasonId: event.data.reasonId, invalidity: 'pending' };
    case 'ItemMarkedValid':
    case 'InvalidityOverturned':
      return { ...state, effectiveness: 'valid', invalidReasonId: null, invalidity: null };
    case 'InvalidityConfirmed':
      return { ...state, invalidity: 'confirmed' };
    case 'ItemPassed':
      return moveOn(state, event.data.linkId, 'passed', event.data.toLinkId);
    case 'ItemRejected': {
      const { linkId, toLinkId, marks, preferredClaimerId, reworkCount } = event.data;
      return { ...moveOn(state, linkId, 'rejected', toLinkId), rework: true, reworkCount, preferredClaimerId, marks };
    }
    case 'ItemHeld':
      return { ...state, status: 'held', held: true, links: withLinkStatus(state.links, event.data.linkId, 'held') };
    case 'ItemRecycled': {
      const { toLinkId, keepResult, resultVersion } = event.data;
      // Links the item reached after its new link are behind it again, so they lose their status.
      const at = state.links.findIndex((l) => l.linkId === toLinkId);
      const links = withLinkStatus(at < 0 ? state.links : state.links.slice(0, at + 1), toLinkId, 'waiting');
      const cleared = keepResult ? {} : { result: null, objectCount: 0, effectiveness: 'valid' as const, invalidReasonId: null, invalidity: null };
      return { ...state, ...noClaim, ...cleared, status: 'pooled', linkId: toLinkId, links, resultVersion, held: false, rework: false, preferredClaimerId: null, marks: [] };
    }
    case 'ItemReturned': {
      const { toLinkId, marks, preferredClaimerId } = event.data;
      // The links after the one that takes it back are behind it again, as on a recycle.
      const at = state.links.findIndex((l) => l.linkId === toLinkId);
      const links = withLinkStatus(at < 0 ? state.links : state.links.slice(0, at + 1), toLinkId, 'waiting');
      return { ...state, ...noClaim, status: 'pooled', linkId: toLinkId, links, rework: true, preferredClaimerId, marks };
    }
    case 'ItemFinished': {
      const links = event.data.decidedBy === 'manager' ? withLinkStatus(state.links, event.data.linkId, 'accepted') : state.links;
      return { ...state, ...noClaim, status: 'finished', linkId: event.data.linkId, links, held: false };
    }
  }
}

export function foldItem(state: ItemState, events: ItemEvent[]): ItemState {
  return events.reduce(evolveItem, state);
}
