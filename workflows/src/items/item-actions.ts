// The one table of actions on an item: each named once, with its machine event, who may ask for it, its decider, the
// refusals it can give and its route. The API's routes and deciders, the worker's and the quality gates' deciders and
// the console's verbs are read from it.
import type { z } from 'zod';
import { type Action, can } from '../identity/permissions';
import { decide } from '../shared/lifecycle';
import { acceptHeldItem, type RecycleInput, recycleItem, type ReturnInput, returnItem } from './item-management.decide';
import { markInvalid, markValid, saveResult, submitItem } from './item-annotation.decide';
import { confirmInvalidity, overturnInvalidity, passItem, rejectItem } from './item-inspection.decide';
import { claimItem, enterPool, expireClaim, releaseItem } from './item-claim.decide';
import { prelabelItem } from './item-prelabel.decide';
import { type ItemDecision, type ItemActor, itemActor } from './item.decide';
import type { ErrorMark } from './item.events';
import { type ItemState, type ItemStatus, startItemState } from './item.evolve';
import { itemMachine, itemMachineContext, type ItemMachineEvent } from './item.machine';
import type { ResultDocument } from './result.schema';
import type { CheckedResult, ResultConfig } from './result.validation';
import { markInvalidInput, recycleInput, rejectInput, saveResultInput } from './item.schemas';
import type { ItemListStatus, ItemView } from './item.views';
import type { WorkPlan } from './work-plan';

/** How the API answers a refusal: its status and error code; a refusal with result issues lists them as field errors. */
export interface RefusalAnswer {
  status: number;
  errCode: string;
}

/** Every refusal an item action gives, by message key, answered the same way whichever action gave it. */
export const itemRefusals = {
  'errors.invalid_transition': { status: 409, errCode: 'INVALID_TRANSITION' },
  'items.claim_failed': { status: 409, errCode: 'ITEM_REFUSED' },
  'items.inspector_annotated': { status: 409, errCode: 'ITEM_REFUSED' },
  'items.claim_not_due': { status: 409, errCode: 'ITEM_REFUSED' },
  'items.not_claimer': { status: 409, errCode: 'ITEM_REFUSED' },
  'items.inspector_may_not_modify': { status: 409, errCode: 'ITEM_REFUSED' },
  'items.result_invalid': { status: 400, errCode: 'VALIDATION_FAILED' },
  'items.result_incomplete': { status: 400, errCode: 'VALIDATION_FAILED' },
  'items.invalidity_unjudged': { status: 409, errCode: 'ITEM_REFUSED' },
  'items.marks_empty': { status: 409, errCode: 'ITEM_REFUSED' },
} as const satisfies Record<string, RefusalAnswer>;

export type ItemRefusalKey = keyof typeof itemRefusals;

/** What a decider is given beside the item: the route's body, the project's result rules, and the time. */
export interface ItemActionArgs<B> {
  body: B;
  /** The tools and bounds a result is checked against; read only for actions that check a result. */
  config: ResultConfig | null;
  now: Date;
}

/** POST items/:itemId/<verb>, where the verb is the name with dashes, or the path given (a save is PUT items/:itemId/result). */
export interface ItemRoute {
  method: 'POST' | 'PUT';
  path?: string;
}

export interface ItemActionEntry<B> {
  /**
   * Who may ask for it at the door (the permission table); which item and when is the machine's rule. Null for the
   * platform's own steps, asked for by a timer, a publishing, an import or a quality gate behind doors of their own.
   */
  permission: Action | null;
  /** Its route of its own under items/:itemId; none for a claim (the pool's route) and the platform's own steps. */
  route?: ItemRoute;
  /** The route's body, the schema the console's forms use too; for the others, what their caller gives. */
  body?: z.ZodType<B>;
  /** The decider reads the project's result rules. */
  checksResult?: true;
  /** Sends error marks, which must be the project's own. */
  marks?: (body: B) => ErrorMark[];
  decide(state: ItemState, plan: WorkPlan, actor: ItemActor, args: ItemActionArgs<B>): ItemDecision;
  /** The refusals its decider gives besides the machine's. */
  refusals: readonly ItemRefusalKey[];
}

/** The body of an action whose route takes none. */
type NoBody = Record<never, never>;

/** An action with a route of its own, and one without (see `route`). */
type Routed<B> = ItemActionEntry<B> & { route: ItemRoute; permission: Action };
const routed = <B = NoBody>(e: Routed<B>): Routed<B> => e;
const entry = <B = NoBody>(e: ItemActionEntry<B> & { route?: undefined }): ItemActionEntry<B> & { route?: undefined } => e;
const post = { method: 'POST' } as const;

export const itemActions = {
  /** On publishing, an item that waited with no link enters the first link's pool. */
  enter: entry({ permission: null, decide: (s, p) => enterPool(s, p), refusals: [] }),
  /** From the pool's route (links/:linkId/claims), item by item; an inspector's own work is skipped. */
  claim: entry<{ claimId: string }>({
    permission: 'item.claim',
    decide: (s, p, who, { body, now }) => claimItem(s, p, who, { claimId: body.claimId, now }),
    refusals: ['items.claim_failed', 'items.inspector_annotated'],
  }),
  /** The claim's auto-recycle timer. */
  expire: entry<{ claimId: string }>({ permission: null, decide: (s, p, _, { body, now }) => expireClaim(s, p, { claimId: body.claimId, now }), refusals: ['items.claim_not_due'] }),
  /** A starting result from an annotation import or an algorithm call, behind their own routes' doors, checked where they read it. */
  prelabel: entry<{ result: CheckedResult }>({
    permission: null,
    decide: (s, p, who, { body, now }) => prelabelItem(s, p, who, { result: body.result, now }),
    refusals: [],
  }),
  /** A quality gate (sampling, acceptance) fails a finished item back to annotation. */
  return: entry<ReturnInput>({ permission: null, decide: (s, p, who, { body }) => returnItem(s, p, who, body), refusals: [] }),
  save: routed<{ result: ResultDocument }>({
    permission: 'item.annotate',
    route: { method: 'PUT', path: 'result' },
    body: saveResultInput,
    checksResult: true,
    decide: (s, p, who, { body, config, now }) => saveResult(s, p, who, { result: body.result, config: config!, now }),
    refusals: ['items.not_claimer', 'items.inspector_may_not_modify', 'items.result_invalid'],
  }),
  submit: routed({
    permission: 'item.annotate',
    route: post,
    checksResult: true,
    decide: (s, p, who, { config, now }) => submitItem(s, p, who, { config: config!, now }),
    refusals: ['items.not_claimer', 'items.result_incomplete'],
  }),
  mark_invalid: routed<{ reasonId: string }>({
    permission: 'item.annotate',
    route: post,
    body: markInvalidInput,
    decide: (s, p, who, { body }) => markInvalid(s, p, who, body),
    refusals: ['items.not_claimer'],
  }),
  mark_valid: routed({ permission: 'item.annotate', route: post, decide: (s, p, who) => markValid(s, p, who), refusals: ['items.not_claimer'] }),
  confirm_invalid: routed({ permission: 'item.annotate', route: post, decide: (s, p, who) => confirmInvalidity(s, p, who), refusals: ['items.not_claimer'] }),
  overturn_invalid: routed({ permission: 'item.annotate', route: post, decide: (s, p, who) => overturnInvalidity(s, p, who), refusals: ['items.not_claimer'] }),
  pass: routed({ permission: 'item.annotate', route: post, decide: (s, p, who) => passItem(s, p, who), refusals: ['items.not_claimer', 'items.invalidity_unjudged'] }),
  reject: routed<{ marks: ErrorMark[] }>({
    permission: 'item.work',
    route: post,
    body: rejectInput,
    marks: (body) => body.marks,
    decide: (s, p, who, { body }) => rejectItem(s, p, who, body),
    refusals: ['items.not_claimer', 'items.marks_empty'],
  }),
  release: routed({ permission: 'item.work', route: post, decide: (s, p, who) => releaseItem(s, p, who), refusals: ['items.not_claimer'] }),
  recycle: routed<RecycleInput>({ permission: 'item.manage', route: post, body: recycleInput, decide: (s, p, who, { body }) => recycleItem(s, p, who, body), refusals: [] }),
  accept: routed({ permission: 'item.manage', route: post, decide: (s, p, who) => acceptHeldItem(s, p, who), refusals: [] }),
};

export type ItemActionName = keyof typeof itemActions;
export type ItemActionBody<N extends ItemActionName> = (typeof itemActions)[N] extends ItemActionEntry<infer B> ? B : never;
/** One action with what its route carries, as a handler or a bulk selection passes it on. */
export type ItemActionRequest = { [N in ItemActionName]: { name: N; body: ItemActionBody<N> } }[ItemActionName];

export const itemActionNames = Object.keys(itemActions) as ItemActionName[];

/** The actions with a route of their own under items/:itemId: the buttons and editor commands of one item. */
export type ItemRouteName = { [N in ItemActionName]: (typeof itemActions)[N]['route'] extends ItemRoute ? N : never }[ItemActionName];
export const itemRouteNames = itemActionNames.filter((name): name is ItemRouteName => itemActions[name].route !== undefined);

/** The machine event an action sends: `item.` and its name. */
export const itemActionEvent = (name: ItemActionName): ItemMachineEvent['type'] => `item.${name}`;

/** The last part of the action's path under items/:itemId, the verb the console sends. */
export const itemActionVerb = (name: ItemRouteName): string => itemActions[name].route.path ?? name.replaceAll('_', '-');

/** The action's entry, untyped in its body, for code that runs any of them. */
export const itemActionEntry = (name: ItemActionName): ItemActionEntry<unknown> => itemActions[name] as ItemActionEntry<unknown>;
export const itemRouteEntry = (name: ItemRouteName): Routed<unknown> => itemActions[name] as Routed<unknown>;

/** Decides one action on the item: its decider asks the machine, once, after the action's own refusals. */
export function decideItemAction(request: ItemActionRequest, state: ItemState, plan: WorkPlan, actor: ItemActor, args: Omit<ItemActionArgs<unknown>, 'body'>): ItemDecision {
  return itemActionEntry(request.name).decide(state, plan, actor, { ...args, body: request.body });
}

/** Who asks, as the permission table and the machine's guards know them. */
export interface ItemViewer {
  id: string;
  role: string;
  privateDeployment: boolean;
}

const rowStatus: Record<ItemListStatus, ItemStatus | null> = { waiting: 'pooled', claimed: 'claimed', held: 'held', finished: 'finished', deleted: null };

/**
 * The item as its row shows it, for asking the machine what may happen next: null for a deleted item. The row holds
 * everything the guards of the routed actions read but whether an invalid mark is confirmed, which the caller gives.
 */
export function itemStateOfRow(row: ItemView, invalidity: ItemState['invalidity']): ItemState | null {
  const status = rowStatus[row.status];
  if (!status) return null;
  return {
    ...startItemState({ itemId: row.id, projectId: row.projectId, linkId: row.linkId }),
    status: status === 'pooled' && !row.linkId ? 'unlinked' : status,
    claimerId: row.claimerId,
    reworkCount: row.reworkCount,
    effectiveness: row.effective ? 'valid' : 'invalid',
    invalidReasonId: row.invalidReasonId,
    invalidity,
  };
}

/**
 * The routed actions the viewer may take on the item now: those its role may ask for whose machine event the item's machine
 * allows from this viewer. The item is read as its row shows it; no guard of these actions reads who annotated it.
 */
export function allowedItemActions(state: ItemState | null, plan: WorkPlan, viewer: ItemViewer): ItemRouteName[] {
  if (!state) return [];
  const actor = itemActor(viewer.id, viewer.role);
  const context = itemMachineContext(state, plan);
  return itemRouteNames.filter((name) => {
    if (!can(viewer.role, itemActions[name].permission, viewer.privateDeployment)) return false;
    const event = { type: itemActionEvent(name), actorId: actor.id, manager: actor.manager } as ItemMachineEvent;
    return decide(itemMachine, state.status, context, event).allowed;
  });
}
