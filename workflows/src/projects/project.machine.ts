// Lifecycle of a project: a draft waits for improvement until complete, then for publishing; once published it runs,
// pauses and resumes, completes, closes, and can be reopened. A batch import may start in any state: it fixes the
// link its items wait in on the project's stream. Links' pools may be shared among teams while the project is not over;
// new batches are opened until then too, a draft's included: their items enter the pools when it is published.
import { setup } from 'xstate';

export type ProjectStatus = 'waiting_for_improvement' | 'waiting_for_publish' | 'in_progress' | 'paused' | 'completed' | 'closed' | 'reopened';

/** What the server knows beyond the status; a caller that leaves it out is answered as if the project had run. */
export interface ProjectMachineContext {
  published?: boolean;
}

export const projectMachine = setup({
  types: {
    context: {} as ProjectMachineContext,
    events: {} as
      | { type: 'project.edit' }
      | { type: 'project.mark_complete' }
      | { type: 'project.mark_incomplete' }
      | { type: 'project.publish' }
      | { type: 'project.pause' }
      | { type: 'project.resume' }
      | { type: 'project.finish' }
      | { type: 'project.close' }
      | { type: 'project.reopen' }
      | { type: 'project.start_import' }
      | { type: 'project.distribute' }
      | { type: 'project.add_batch' },
  },
  guards: {
    // A draft closed before it ever ran is discarded: reopening it would put an unconfigured project in the going list.
    hasRun: ({ context }) => context.published !== false,
  },
}).createMachine({
  id: 'project',
  version: '4',
  initial: 'waiting_for_improvement',
  context: {},
  states: {
    waiting_for_improvement: {
      on: { 'project.add_batch': 'waiting_for_improvement', 'project.start_import': 'waiting_for_improvement', 'project.edit': 'waiting_for_improvement', 'project.distribute': 'waiting_for_improvement', 'project.mark_complete': 'waiting_for_publish', 'project.close': 'closed' },
    },
    waiting_for_publish: {
      on: { 'project.add_batch': 'waiting_for_publish', 'project.start_import': 'waiting_for_publish', 'project.edit': 'waiting_for_publish', 'project.distribute': 'waiting_for_publish', 'project.mark_incomplete': 'waiting_for_improvement', 'project.publish': 'in_progress', 'project.close': 'closed' },
    },
    in_progress: {
      on: { 'project.add_batch': 'in_progress', 'project.start_import': 'in_progress', 'project.edit': 'in_progress', 'project.distribute': 'in_progress', 'project.pause': 'paused', 'project.finish': 'completed', 'project.close': 'closed' },
    },
    paused: {
      on: { 'project.add_batch': 'paused', 'project.start_import': 'paused', 'project.edit': 'paused', 'project.distribute': 'paused', 'project.resume': 'in_progress', 'project.close': 'closed' },
    },
    completed: {
      on: { 'project.start_import': 'completed', 'project.reopen': 'reopened', 'project.close': 'closed' },
    },
    closed: {
      on: { 'project.start_import': 'closed', 'project.reopen': { target: 'reopened', guard: 'hasRun' } },
    },
    reopened: {
      on: { 'project.add_batch': 'reopened', 'project.start_import': 'reopened', 'project.edit': 'reopened', 'project.distribute': 'reopened', 'project.pause': 'paused', 'project.finish': 'completed', 'project.close': 'closed' },
    },
  },
});
