// Lifecycle of a project: a draft waits for improvement until complete, then for publishing; once published it runs,
// pauses and resumes, completes, closes, and can be reopened.
import { setup } from 'xstate';

export type ProjectStatus = 'waiting_for_improvement' | 'waiting_for_publish' | 'in_progress' | 'paused' | 'completed' | 'closed' | 'reopened';

export const projectMachine = setup({
  types: {
    context: {} as Record<string, never>,
    events: {} as
      | { type: 'project.edit' }
      | { type: 'project.mark_complete' }
      | { type: 'project.mark_incomplete' }
      | { type: 'project.publish' }
      | { type: 'project.pause' }
      | { type: 'project.resume' }
      | { type: 'project.finish' }
      | { type: 'project.close' }
      | { type: 'project.reopen' },
  },
}).createMachine({
  id: 'project',
  version: '1',
  initial: 'waiting_for_improvement',
  context: {},
  states: {
    waiting_for_improvement: {
      on: { 'project.edit': 'waiting_for_improvement', 'project.mark_complete': 'waiting_for_publish', 'project.close': 'closed' },
    },
    waiting_for_publish: {
      on: { 'project.edit': 'waiting_for_publish', 'project.mark_incomplete': 'waiting_for_improvement', 'project.publish': 'in_progress', 'project.close': 'closed' },
    },
    in_progress: {
      on: { 'project.edit': 'in_progress', 'project.pause': 'paused', 'project.finish': 'completed', 'project.close': 'closed' },
    },
    paused: {
      on: { 'project.edit': 'paused', 'project.resume': 'in_progress', 'project.close': 'closed' },
    },
    completed: {
      on: { 'project.reopen': 'reopened', 'project.close': 'closed' },
    },
    closed: {
      on: { 'project.reopen': 'reopened' },
    },
    reopened: {
      on: { 'project.edit': 'reopened', 'project.pause': 'paused', 'project.finish': 'completed', 'project.close': 'closed' },
    },
  },
});
