// Runs one decision on one item inside a command's unit of work: the item's start from its import, its project's
// plan for the machine, the decider's own refusals first, then the pipeline's machine check and append. The API's
// task handlers and the worker's timers share it, so an item is decided on one way whoever asks.
import { Injectable } from '@nestjs/common';
import {
  type ItemDecision,
  type ItemEvent,
  type ItemMachineEvent,
  itemMachineContext,
  type ItemState,
  itemStreamId,
  projectStreamId,
  startItemState,
  type TaskActor,
  taskActor,
  type WorkPlan,
  workPlanOf,
} from '@annot/workflows';
import type { UnitOfWork } from '../commands/command-pipeline';
import type { Actor } from '../commands/command-context';
import { NotFoundError } from '../errors/app-error';
import type { OutboxMessage } from '../outbox/outbox-message';
import { projectLifecycle } from '../projects/project.lifecycle';
import { eventsOrRefusal } from './item-refusal';
import { itemLifecycle } from './item.lifecycle';

/** An item as its row in the pool names it: where its stream starts. */
export interface PoolItem {
  itemId: string;
  projectId: string;
  linkId: string | null;
}

export interface ItemDecider {
  /** The machine event the decision sends, with what its guards read. */
  event(actor: TaskActor): ItemMachineEvent;
  decide(state: ItemState, plan: WorkPlan, actor: TaskActor): ItemDecision;
  /** Jobs the decided events ask for, written in the same transaction (a claim's expiry timer). */
  outbox?(events: ItemEvent[]): OutboxMessage[];
}

const initialOf = (item: PoolItem): ItemState => startItemState({ itemId: item.itemId, projectId: item.projectId, linkId: item.linkId });

@Injectable()
export class ItemWork {
  async plan(unit: UnitOfWork, projectId: string) {
    const { state } = await unit.load(projectLifecycle, projectStreamId(projectId));
    if (state.status === 'none') throw new NotFoundError('things.project', projectId);
    return { project: state, plan: workPlanOf(state) };
  }

  /** Reads the items' streams in one round trip, for the decisions on them that follow; unworked items have none to read. */
  preload(unit: UnitOfWork, items: (PoolItem & { unworked?: boolean })[]): Promise<void> {
    return unit.preload(itemLifecycle, items.map((item) => ({ streamId: itemStreamId(item.itemId), initial: initialOf(item), empty: item.unworked })));
  }

  /** Decides on the item and keeps its events for the unit's append; answers the item's state after them. */
  async run(unit: UnitOfWork, item: PoolItem, plan: WorkPlan, actor: Actor, decider: ItemDecider, expectedVersion?: bigint): Promise<ItemState> {
    const who = taskActor(actor.id, actor.role);
    const initial = initialOf(item);
    const streamId = itemStreamId(item.itemId);
    const loaded = await unit.load(itemLifecycle, streamId, initial);
    const state = loaded.state;
    const events = eventsOrRefusal(decider.decide(state, plan, who));
    // A decision that changes nothing (a timer whose claim is gone) gives the machine nothing to judge.
    if (events.length === 0) return state;
    const decided = await unit.decide(itemLifecycle, streamId, {
      event: decider.event(who),
      initial,
      loaded,
      machineContext: (s) => itemMachineContext(s, plan),
      expectedVersion,
      decide: () => events,
      outbox: decider.outbox ? () => decider.outbox!(events) : undefined,
    });
    return decided.state;
  }
}
