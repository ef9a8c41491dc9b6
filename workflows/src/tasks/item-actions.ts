// The one table of actions on an item: each named once, with its machine event, who may ask for it, its decider, the
// refusals it can give and its route. The API's routes and deciders and the console's verbs are read from it.
import type { z } from 'zod';
import { type Action, can } from '../identity/permissions';
import { decide } from '../shared/lifecycle';
import { acceptHeldItem, type RecycleInput, recycleItem } from './item-management.decide';
import { markInvalid, markValid, saveResult, submitItem } from './item-annotation.decide';
import { confirmInvalidity, overturnInvalidity, passItem, rejectItem } from './item-inspection.decide';
import { releaseItem } from './item-claim.decide';
import { type ItemDecision, type TaskActor, taskActor } from './item.decide';
import type { ErrorMark } from './item.events';
import { type ItemState, type ItemStatus, startItemState } from './item.evolve';
import { itemMachine, itemMachineContext, type ItemMachineEvent } from './item.machine';
import type { ResultDocument } from './result.schema';
import type { ResultConfig } from './result.validation';
import { markInvalidInput, recycleInput, rejectInput, saveResultInput } from './task.schemas';
import type { TaskItemStatus, TaskItemView } from './task.views';
import type { WorkPlan } from './work-plan';

/** How the API answers a refusal: its status and error code; a refusal with result issues lists them as field errors. */
export interface RefusalAnswer {
  status: number;
  errCode: string;
}

/** Every refusal an item action gives, by message key, answered the same way whichever action gave it. */
export const itemRefusals = {
  'errors.invalid_transition': { status: 409, errCode: 'INVALID_TRANSITION' },
  'tasks.claim_failed': { status: 409, errCode: 'TASK_REFUSED' },
  'tasks.inspector_annotated': { status: 409, errCode: 'TASK_REFUSED' },
  'tasks.claim_not_due': { status: 409, errCode: 'TASK_REFUSED' },
  'tasks.not_claimer': { status: 409, errCode: 'TASK_REFUSED' },
  'tasks.inspector_may_not_modify': { status: 409, errCode: 'TASK_REFUSED' },
  'tasks.result_invalid': { status: 400, errCode: 'VALIDATION_FAILED' },
  'tasks.result_incomplete': { status: 400, errCode: 'VALIDATION_FAILED' },
  'tasks.invalidity_unjudged': { status: 409, errCode: 'TASK_REFUSED' },
  'tasks.marks_empty': { status: 409, errCode: 'TASK_REFUSED' },
} as const satisfies Record<string, RefusalAnswer>;

export type ItemRefusalKey = keyof typeof itemRefusals;

/** What a decider is given beside the item: the route's body, the project's result rules, and the time. */
export interface ItemActionArgs<B> {
  body: B;
  /** The tools and bounds a result is checked against; read only for actions that check a result. */
  config: ResultConfig | null;
  now: Date;
}

interface ItemActionEntry<B> {
  /** Who may ask for it at the route's door (the permission table); which item and when is the machine's rule. */
  permission: Action;
  /** The route: POST items/:itemId/<verb>, where the verb is the name with dashes; a save is PUT items/:itemId/result. */
  method: 'POST' | 'PUT';
  path?: string;
  /** The route's body, the schema the console's forms use too. */
  body?: z.ZodType<B>;
  /** The decider reads the project's result rules. */
  checksResult?: true;
  /** Sends error marks, which must be the project's own. */
  marks?: (body: B) => ErrorMark[];
  decide(state: ItemState, plan: WorkPlan, actor: TaskActor, args: ItemActionArgs<B>): ItemDecision;
  /** The refusals its decider gives besides the machine's. */
  refusals: readonly ItemRefusalKey[];
}

/** The body of an action whose route takes none. */
type NoBody = Record<never, never>;

const entry = <B = NoBody>(e: ItemActionEntry<B>): ItemActionEntry<B> => e;

export const itemActions = {
  save: entry<{ result: ResultDocument }>({
    permission: 'task.annotate',
    method: 'PUT',
    path: 'result',
    body: saveResultInput,
    checksResult: true,
    decide: (s, p, who, { body, config, now }) => saveResult(s, p, who, { result: body.result, config: config!, now }),
    refusals: ['tasks.not_claimer', 'tasks.inspector_may_not_modify', 'tasks.result_invalid'],
  }),
  submit: entry({
    permission: 'task.annotate',
    method: 'POST',
    checksResult: true,
    decide: (s, p, who, { config, now }) => submitItem(s, p, who, { config: config!, now }),
    refusals: ['tasks.not_claimer', 'tasks.result_incomplete'],
  }),
  release: entry({ permission: 'task.work', method: 'POST', decide: (s, p, who) => releaseItem(s, p, who), refusals: ['tasks.not_claimer'] }),
  mark_invalid: entry<{ reasonId: string }>({
    permission: 'task.annotate',
    method: 'POST',
    body: markInvalidInput,
    decide: (s, p, who, { body }) => markInvalid(s, p, who, body),
    refusals: ['tasks.not_claimer'],
  }),
  mark_valid: entry({ permission: 'task.annotate', method: 'POST', decide: (s, p, who) => markValid(s, p, who), refusals: ['tasks.not_claimer'] }),
  pass: entry({ permission: 'task.annotate', method: 'POST', decide: (s, p, who) => passItem(s, p, who), refusals: ['tasks.not_claimer', 'tasks.invalidity_unjudged'] }),
  reject: entry<{ marks: ErrorMark[] }>({
    permission: 'task.work',
    method: 'POST',
    body: rejectInput,
    marks: (body) => body.marks,
    decide: (s, p, who, { body }) => rejectItem(s, p, who, body),
    refusals: ['tasks.not_claimer', 'tasks.marks_empty'],
  }),
  confirm_invalid: entry({ permission: 'task.annotate', method: 'POST', decide: (s, p, who) => confirmInvalidity(s, p, who), refusals: ['tasks.not_claimer'] }),
  overturn_invalid: entry({ permission: 'task.annotate', method: 'POST', decide: (s, p, who) => overturnInvalidity(s, p, who), refusals: ['tasks.not_claimer'] }),
  recycle: entry<RecycleInput>({ permission: 'task.manage', method: 'POST', body: recycleInput, decide: (s, p, who, { body }) => recycleItem(s, p, who, body), refusals: [] }),
  accept: entry({ permission: 'task.manage', method: 'POST', decide: (s, p, who) => acceptHeldItem(s, p, who), refusals: [] }),
};

export type ItemActionName = keyof typeof itemActions;
export type ItemActionBody<N extends ItemActionName> = (typeof itemActions)[N] extends ItemActionEntry<infer B> ? B : never;
/** One action with what its route carries, as a handler or a bulk selection passes it on. */
export type ItemActionRequest = { [N in ItemActionName]: { name: N; body: ItemActionBody<N> } }[ItemActionName];

export const itemActionNames = Object.keys(itemActions) as ItemActionName[];

/** The machine event an action sends: `item.` and its name. */
export const itemActionEvent = (name: ItemActionName): ItemMachineEvent['type'] => `item.${name}`;

/** The last part of the action's path under items/:itemId, the verb the console sends. */
export const itemActionVerb = (name: ItemActionName): string => itemActions[name].path ?? name.replaceAll('_', '-');

/** The action's entry, untyped in its body, for code that runs any of them. */
export const itemActionEntry = (name: ItemActionName): ItemActionEntry<unknown> => itemActions[name] as ItemActionEntry<unknown>;

/** Decides one action on the item: its decider asks the machine, once, after the action's own refusals. */
export function decideItemAction(request: ItemActionRequest, state: ItemState, plan: WorkPlan, actor: TaskActor, args: Omit<ItemActionArgs<unknown>, 'body'>): ItemDecision {
  return itemActionEntry(request.name).decide(state, plan, actor, { ...args, body: request.body });
}

/** Who asks, as the permission table and the machine's guards know them. */
export interface ItemViewer {
  id: string;
  role: string;
  privateDeployment: boolean;
}

const rowStatus: Record<TaskItemStatus, ItemStatus | null> = { waiting: 'pooled', claimed: 'claimed', held: 'held', finished: 'finished', deleted: null };

/**
 * The item as its row shows it, for asking the machine what may happen next: null for a deleted item. The row holds
 * everything the guards of the routed actions read but whether an invalid mark is confirmed, which the caller gives.
 */
export function itemStateOfRow(row: TaskItemView, invalidity: ItemState['invalidity']): ItemState | null {
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
 * The actions the viewer may take on the item now: those its role may ask for whose machine event the item's machine
 * allows from this viewer. The item is read as its row shows it; no guard of these actions reads who annotated it.
 */
export function allowedItemActions(state: ItemState | null, plan: WorkPlan, viewer: ItemViewer): ItemActionName[] {
  if (!state) return [];
  const actor = taskActor(viewer.id, viewer.role);
  const context = itemMachineContext(state, plan);
  return itemActionNames.filter((name) => {
    if (!can(viewer.role, itemActions[name].permission, viewer.privateDeployment)) return false;
    const event = { type: itemActionEvent(name), actorId: actor.id, manager: actor.manager } as ItemMachineEvent;
    return decide(itemMachine, state.status, context, event).allowed;
  });
}
