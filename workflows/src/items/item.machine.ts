// Lifecycle of an item's work: it waits in a link's pool, one person claims it, and submitting, passing or
// rejecting moves it to the next pool, back for rework, on hold for the PM, or to finished.
import { setup } from 'xstate';
import type { ItemState } from './item.evolve';
import { type ItemLink, linkAfter, linkOf, producingLink, type WorkPlan } from './work-plan';

export interface ItemMachineContext {
  links: ItemLink[];
  linkId: string | null;
  claimerId: string | null;
  claimId: string | null;
  annotatorIds: string[];
  reworkCount: number;
  reworkMaxCount: number;
  inspectorMayModify: boolean;
  effectiveness: 'valid' | 'invalid';
  invalidity: 'pending' | 'confirmed' | null;
}

/** A person acting on the item; `manager` is a PM or admin, who may act on items without claiming them. */
type ByPerson = { actorId: string; manager?: boolean };

export type ItemMachineEvent =
  | { type: 'item.enter' }
  | ({ type: 'item.claim' } & ByPerson)
  | ({ type: 'item.release' } & ByPerson)
  | { type: 'item.expire'; claimId: string }
  | ({ type: 'item.save' } & ByPerson)
  /** A PM gives a waiting item a starting result (pre-annotation import), without claiming it. */
  | ({ type: 'item.prelabel' } & ByPerson)
  | ({ type: 'item.submit' } & ByPerson)
  | ({ type: 'item.mark_invalid' } & ByPerson)
  | ({ type: 'item.mark_valid' } & ByPerson)
  | ({ type: 'item.confirm_invalid' } & ByPerson)
  | ({ type: 'item.overturn_invalid' } & ByPerson)
  | ({ type: 'item.pass' } & ByPerson)
  | ({ type: 'item.reject' } & ByPerson)
  | ({ type: 'item.recycle' } & ByPerson)
  | ({ type: 'item.accept' } & ByPerson)
  /** A quality gate returns a finished item; the gate's own machine has decided who may close it. */
  | ({ type: 'item.return' } & ByPerson);

export function itemMachineContext(state: ItemState, plan: WorkPlan): ItemMachineContext {
  return {
    links: plan.links,
    linkId: state.linkId,
    claimerId: state.claimerId,
    claimId: state.claimId,
    annotatorIds: state.annotatorIds,
    reworkCount: state.reworkCount,
    reworkMaxCount: plan.reworkMaxCount,
    inspectorMayModify: plan.inspectorMayModify,
    effectiveness: state.effectiveness,
    invalidity: state.invalidity,
  };
}

// Guards also run for events without an actor (asking which events a state allows), so they read it defensively.
type Args = { context: ItemMachineContext; event: ItemMachineEvent };
const actorOf = (event: ItemMachineEvent): string | undefined => ('actorId' in event ? event.actorId : undefined);
const byManager = ({ event }: Args) => 'manager' in event && event.manager === true;
const byClaimer = ({ context, event }: Args) => context.claimerId !== null && actorOf(event) === context.claimerId;
const linkType = (context: ItemMachineContext) => linkOf(context.links, context.linkId)?.type;
const annotating = (args: Args) => byClaimer(args) && linkType(args.context) === 'annotation';
const inspecting = (args: Args) => byClaimer(args) && linkType(args.context) === 'inspection';
const lastLink = ({ context }: Args) => linkAfter(context.links, context.linkId) === null;
const invalidityJudged = ({ context }: Args) => context.invalidity !== 'pending';
/** The PM may reject an item in an inspection link without claiming it (bulk reject). */
const mayReject = (args: Args) =>
  linkType(args.context) === 'inspection' && producingLink(args.context.links, args.context.linkId) !== null && (byClaimer(args) || byManager(args));
const beyondReworkLimit = ({ context }: Args) => context.reworkCount + 1 > context.reworkMaxCount;

export const itemMachine = setup({
  types: { context: {} as ItemMachineContext, events: {} as ItemMachineEvent },
  guards: {
    hasLinks: ({ context }) => context.links.length > 0,
    mayClaim: ({ context, event }) => {
      const actor = actorOf(event);
      const link = linkOf(context.links, context.linkId);
      // An inspector never inspects an item they annotated.
      return actor !== undefined && link !== null && (link.type === 'annotation' || !context.annotatorIds.includes(actor));
    },
    byManager,
    claimerOrManager: (args) => byClaimer(args) || byManager(args),
    currentClaim: ({ context, event }) => event.type === 'item.expire' && event.claimId === context.claimId,
    mayEdit: (args) => annotating(args) || (inspecting(args) && args.context.inspectorMayModify),
    submits: (args) => annotating(args) && !lastLink(args),
    marksInvalid: (args) => annotating(args) && args.context.effectiveness === 'valid',
    marksValid: (args) => annotating(args) && args.context.effectiveness === 'invalid',
    judgesInvalidity: (args) => inspecting(args) && args.context.invalidity === 'pending',
    passesLast: (args) => inspecting(args) && invalidityJudged(args) && lastLink(args),
    passesOn: (args) => inspecting(args) && invalidityJudged(args) && !lastLink(args),
    rejectHolds: (args) => mayReject(args) && beyondReworkLimit(args),
    rejectReworks: (args) => mayReject(args) && !beyondReworkLimit(args),
    prelabels: (args) => byManager(args) && linkType(args.context) === 'annotation',
    returnsToAnnotation: ({ context, event }) => actorOf(event) !== undefined && producingLink(context.links, context.linkId) !== null,
  },
}).createMachine({
  id: 'item',
  version: '1',
  initial: 'unlinked',
  context: { links: [], linkId: null, claimerId: null, claimId: null, annotatorIds: [], reworkCount: 0, reworkMaxCount: 0, inspectorMayModify: false, effectiveness: 'valid', invalidity: null },
  // Self-targeted transitions (saves, marks) are real edges: XState counts only transitions that go somewhere as possible.
  states: {
    unlinked: {
      on: { 'item.enter': { guard: 'hasLinks', target: 'pooled' } },
    },
    pooled: {
      on: {
        'item.claim': { guard: 'mayClaim', target: 'claimed' },
        'item.reject': [
          { guard: 'rejectHolds', target: 'held' },
          { guard: 'rejectReworks', target: 'pooled' },
        ],
        'item.recycle': { guard: 'byManager', target: 'pooled' },
        'item.prelabel': { guard: 'prelabels', target: 'pooled' },
      },
    },
    claimed: {
      on: {
        'item.release': { guard: 'claimerOrManager', target: 'pooled' },
        'item.expire': { guard: 'currentClaim', target: 'pooled' },
        'item.save': { guard: 'mayEdit', target: 'claimed' },
        // The last link is always an inspection (link rules), so a submission always has a pool to go to.
        'item.submit': { guard: 'submits', target: 'pooled' },
        'item.mark_invalid': { guard: 'marksInvalid', target: 'claimed' },
        'item.mark_valid': { guard: 'marksValid', target: 'claimed' },
        'item.confirm_invalid': { guard: 'judgesInvalidity', target: 'claimed' },
        'item.overturn_invalid': { guard: 'judgesInvalidity', target: 'claimed' },
        'item.pass': [
          { guard: 'passesLast', target: 'finished' },
          { guard: 'passesOn', target: 'pooled' },
        ],
        'item.reject': [
          { guard: 'rejectHolds', target: 'held' },
          { guard: 'rejectReworks', target: 'pooled' },
        ],
        'item.recycle': { guard: 'byManager', target: 'pooled' },
      },
    },
    held: {
      on: {
        'item.recycle': { guard: 'byManager', target: 'pooled' },
        'item.accept': { guard: 'byManager', target: 'finished' },
      },
    },
    finished: {
      on: {
        'item.recycle': { guard: 'byManager', target: 'pooled' },
        'item.return': { guard: 'returnsToAnnotation', target: 'pooled' },
      },
    },
  },
});
