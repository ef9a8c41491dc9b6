// How the command pipeline drives a sampling task's stream. A task's stream opens with its first draw, which names
// the task and its project, so a task is loaded by its id alone.
import {
  evolveSampling,
  samplingMachine,
  samplingMachineContext,
  type SamplingEvent,
  type SamplingState,
  startSamplingState,
} from '@annot/workflows';
import type { Lifecycle } from '../commands/command-pipeline';
import { samplingProjection } from './sampling.projection';

export const samplingLifecycle: Lifecycle<SamplingState, SamplingEvent> = {
  machine: samplingMachine,
  initial: startSamplingState({ taskId: '', projectId: '' }),
  evolve: (state, event) => evolveSampling(event.type === 'SamplingTaskCreated' ? { ...state, taskId: event.data.taskId, projectId: event.data.projectId } : state, event),
  // The machine's 'new' is a task not yet made: a stream without events.
  status: (state) => (state.status === 'new' ? 'none' : state.status),
  context: samplingMachineContext,
  projections: [samplingProjection],
};
