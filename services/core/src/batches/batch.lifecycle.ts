// How the command pipeline drives a batch's stream.
import { batchMachine, batchMachineContext, type BatchEvent, type BatchState, evolveBatch, initialBatchState } from '@annot/workflows';
import type { Lifecycle } from '../commands/command-pipeline';
import { itemProjection } from '../items/item.projection';
import { batchProjection } from './batch.projection';

export const batchLifecycle: Lifecycle<BatchState, BatchEvent> = {
  machine: batchMachine,
  initial: initialBatchState,
  evolve: evolveBatch,
  status: (state) => state.status,
  context: batchMachineContext,
  projections: [batchProjection, itemProjection],
};
