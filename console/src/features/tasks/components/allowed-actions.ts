// Which of an item's commands the server would accept from this person: the item machine's answer on the item's
// state (its history folded by the shared evolve), checked with the person as the actor, and the permission table.
import {
  type Action,
  decide,
  foldItem,
  type ItemEvent,
  itemMachine,
  itemMachineContext,
  type ItemMachineEvent,
  type ItemLink,
  type ItemState,
  type ItemStatus,
  parseItemEvent,
  startItemState,
  taskActor,
  type WorkPlan,
} from '@annot/workflows';
import type { ItemVerb } from '../api/act-on-item';
import type { ItemHistoryEntry, TaskItem, TaskItemStatus } from '../api/task-item';

const machineStatus: Record<TaskItemStatus, ItemStatus | null> = { waiting: 'pooled', claimed: 'claimed', held: 'held', finished: 'finished', deleted: null };

/** Each verb the console offers, the machine event it sends and the permission it needs. */
export const itemVerbs: { verb: ItemVerb; event: ItemMachineEvent['type']; action: Action }[] = [
  { verb: 'submit', event: 'item.submit', action: 'task.work' },
  { verb: 'mark-invalid', event: 'item.mark_invalid', action: 'task.work' },
  { verb: 'mark-valid', event: 'item.mark_valid', action: 'task.work' },
  { verb: 'confirm-invalid', event: 'item.confirm_invalid', action: 'task.work' },
  { verb: 'overturn-invalid', event: 'item.overturn_invalid', action: 'task.work' },
  { verb: 'pass', event: 'item.pass', action: 'task.work' },
  { verb: 'reject', event: 'item.reject', action: 'task.work' },
  { verb: 'release', event: 'item.release', action: 'task.work' },
  { verb: 'recycle', event: 'item.recycle', action: 'task.manage' },
  { verb: 'accept', event: 'item.accept', action: 'task.manage' },
];

/** The events of the history that fit their schema; anything else is left out rather than guessed at. */
export function historyEvents(history: ItemHistoryEntry[]): ItemEvent[] {
  return history.flatMap((entry) => {
    try {
      return [parseItemEvent(entry)];
    } catch {
      return [];
    }
  });
}

/** The item's state: its history folded, with the list's columns (status, link, claimer) as the server's last word. */
export function itemStateOf(item: TaskItem, history: ItemHistoryEntry[]): ItemState | null {
  const status = machineStatus[item.status];
  if (!status) return null;
  const folded = foldItem(startItemState({ itemId: item.id, projectId: item.projectId, linkId: item.linkId }), historyEvents(history));
  return {
    ...folded,
    status,
    linkId: item.linkId,
    claimerId: item.claimerId,
    reworkCount: item.reworkCount,
    effectiveness: item.effective ? 'valid' : 'invalid',
    invalidReasonId: item.invalidReasonId,
  };
}

/**
 * The pipeline as far as the viewer may see it. A tagger is shown only the links it is on, so the link rules fill
 * in what must be there: an annotation link before the first inspection, an inspection link after the last
 * annotation. For the staff, who see every link, these are already in place.
 */
export function planAsSeen(links: ItemLink[], basics: { reworkMaxCount: number; inspectorMayModify: boolean }): WorkPlan {
  const seen = [...links];
  if (seen[0]?.type === 'inspection') seen.unshift({ id: 'unseen-annotation', type: 'annotation' });
  if (seen.at(-1)?.type === 'annotation') seen.push({ id: 'unseen-inspection', type: 'inspection' });
  return { links: seen, reworkMaxCount: basics.reworkMaxCount, autoRecycleMinutes: null, inspectorMayModify: basics.inspectorMayModify };
}

export interface Viewer {
  id: string;
  role: string;
  can: (action: Action) => boolean;
}

export function allowedVerbs(state: ItemState | null, plan: WorkPlan, viewer: Viewer): ItemVerb[] {
  if (!state) return [];
  const actor = taskActor(viewer.id, viewer.role);
  const context = itemMachineContext(state, plan);
  return itemVerbs
    .filter(({ event, action }) => viewer.can(action) && decide(itemMachine, state.status, context, { type: event, actorId: actor.id, manager: actor.manager } as ItemMachineEvent).allowed)
    .map(({ verb }) => verb);
}
