// How the command pipeline drives the catalog's streams.
import { evolveTool, initialToolState, type ToolEvent, toolMachine, type ToolState } from '@annot/workflows';
import type { Lifecycle } from '../commands/command-pipeline';
import { toolProjection } from './tool.projection';

export const toolLifecycle: Lifecycle<ToolState, ToolEvent> = {
  machine: toolMachine,
  initial: initialToolState,
  evolve: evolveTool,
  status: (state) => state.status,
  context: () => ({}),
  projections: [toolProjection],
};
