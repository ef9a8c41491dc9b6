// How the command pipeline drives an item's work stream. An item's stream starts where its import left it, so each
// command gives the pipeline that start (`initial`) and the project's plan its machine guards read (`machineContext`).
import { evolveItem, type ItemEvent, itemMachine, itemMachineContext, type ItemState, startItemState, workPlanOf } from '@annot/workflows';
import { itemProjection } from './item.projection';
import type { Lifecycle } from '../commands/command-pipeline';

const noPlan = workPlanOf({ basics: null, links: null });

export const itemLifecycle: Lifecycle<ItemState, ItemEvent> = {
  machine: itemMachine,
  initial: startItemState({ itemId: '', projectId: '', linkId: null }),
  evolve: evolveItem,
  status: (state) => state.status,
  context: (state) => itemMachineContext(state, noPlan),
  projections: [itemProjection],
};
