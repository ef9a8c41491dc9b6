// Runs one decision on one item inside a command's unit of work: the item's start from its import, its project's
// plan for the machine, the decider's own refusals first, then the pipeline's machine check and append.
import { Injectable } from '@nestjs/common';
import { type Actor, itemLifecycle, NotFoundError, projectLifecycle, type UnitOfWork } from '@annot/core';
import {
  type ItemDecision,
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
import { eventsOrRefusal } from './task-refusal';
import type { PoolItem } from './tasks.repository';

export interface ItemDecider {
  /** The machine event the decision sends, with what its guards read. */
  event(actor: TaskActor): ItemMachineEvent;
  decide(state: ItemState, plan: WorkPlan, actor: TaskActor): ItemDecision;
}

@Injectable()
export class ItemWork {
  async plan(unit: UnitOfWork, projectId: string) {
    const { state } = await unit.load(projectLifecycle, projectStreamId(projectId));
    if (state.status === 'none') throw new NotFoundError('things.project', projectId);
    return { project: state, plan: workPlanOf(state) };
  }

  /** Decides on the item and keeps its events for the unit's append; answers the item's state after them. */
  async run(unit: UnitOfWork, item: PoolItem, plan: WorkPlan, actor: Actor, decider: ItemDecider, expectedVersion?: bigint): Promise<ItemState> {
    const who = taskActor(actor.id, actor.role);
    const initial = startItemState({ itemId: item.itemId, projectId: item.projectId, linkId: item.linkId });
    const streamId = itemStreamId(item.itemId);
    const { state } = await unit.load(itemLifecycle, streamId, initial);
    const events = eventsOrRefusal(decider.decide(state, plan, who));
    const decided = await unit.decide(itemLifecycle, streamId, {
      event: decider.event(who),
      initial,
      machineContext: (s) => itemMachineContext(s, plan),
      expectedVersion,
      decide: () => events,
    });
    return decided.state;
  }
}
