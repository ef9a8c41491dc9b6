// Runs one decision on one item inside a command's unit of work: the item's start from its import, its project's
// plan for the machine, and the decider (which asks the machine, once) judged through the unit, its refusals answered
// by the item action table. The API's task handlers and the worker's timers share it, so an item is decided on one
// way whoever asks.
import { Injectable } from '@nestjs/common';
import {
  decideItemAction,
  type ItemActionRequest,
  type ItemDecision,
  type ItemEvent,
  itemRefusals,
  type ItemState,
  itemStreamId,
  projectStreamId,
  type ResultConfig,
  startItemState,
  type ItemActor,
  itemActor,
  type WorkPlan,
  workPlanOf,
} from '@annot/workflows';
import type { RawBuilder } from 'kysely';
import type { StreamOfRow, UnitOfWork } from '../commands/command-pipeline';
import { streamIdOver } from '../events/event-log.reader';
import type { Actor } from '../commands/command-context';
import { NotFoundError } from '../errors/app-error';
import type { OutboxMessage } from '../outbox/outbox-message';
import { projectLifecycle } from '../projects/project.lifecycle';
import { itemLifecycle } from './item.lifecycle';

/** An item as its row in the pool names it: where its stream starts. */
export interface PoolItem {
  itemId: string;
  projectId: string;
  linkId: string | null;
}

export interface ItemDecider {
  decide(state: ItemState, plan: WorkPlan, actor: ItemActor): ItemDecision;
  /** Jobs the decided events ask for, written in the same transaction (a claim's expiry timer). */
  outbox?(events: ItemEvent[]): OutboxMessage[];
}

/** The decider of one action of the item action table, with the project's result rules where the action checks a result. */
export function actionDecider(request: ItemActionRequest, config: ResultConfig | null, now = new Date()): ItemDecider {
  return { decide: (state, plan, who) => decideItemAction(request, state, plan, who, { config, now }) };
}

const initialOf = (item: PoolItem): ItemState => startItemState({ itemId: item.itemId, projectId: item.projectId, linkId: item.linkId });

@Injectable()
export class ItemWork {
  /** The project stream `plan` folds, named by a row's project column, to read with that row (`UnitOfWork.readWith`). */
  planStream(projectColumn: RawBuilder<unknown>, expectedProjectId?: string): StreamOfRow {
    return { lifecycle: projectLifecycle, id: streamIdOver(projectStreamId, projectColumn), expected: expectedProjectId && projectStreamId(expectedProjectId) };
  }

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
    const who = itemActor(actor.id, actor.role);
    const decided = await unit.judge(itemLifecycle, itemStreamId(item.itemId), {
      initial: initialOf(item),
      expectedVersion,
      decide: (state) => decider.decide(state, plan, who),
      refusals: itemRefusals,
      outbox: decider.outbox,
    });
    return decided.state;
  }
}
