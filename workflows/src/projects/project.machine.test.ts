import { describe, expect, it } from 'vitest';
import { transition } from 'xstate';
import { allowedEvents, decide, snapshotOf } from '../shared/lifecycle';
import { projectMachine, type ProjectStatus } from './project.machine';

const next = (from: ProjectStatus, type: string) => transition(projectMachine, snapshotOf(projectMachine, from, {}), { type } as never)[0].value;

/** Every edge of the machine: from, event, to. */
const edges: [ProjectStatus, string, ProjectStatus][] = [
  ['waiting_for_improvement', 'project.edit', 'waiting_for_improvement'],
  ['waiting_for_improvement', 'project.mark_complete', 'waiting_for_publish'],
  ['waiting_for_improvement', 'project.close', 'closed'],
  ['waiting_for_publish', 'project.edit', 'waiting_for_publish'],
  ['waiting_for_publish', 'project.mark_incomplete', 'waiting_for_improvement'],
  ['waiting_for_publish', 'project.publish', 'in_progress'],
  ['waiting_for_publish', 'project.close', 'closed'],
  ['in_progress', 'project.edit', 'in_progress'],
  ['in_progress', 'project.pause', 'paused'],
  ['in_progress', 'project.finish', 'completed'],
  ['in_progress', 'project.close', 'closed'],
  ['paused', 'project.edit', 'paused'],
  ['paused', 'project.resume', 'in_progress'],
  ['paused', 'project.close', 'closed'],
  ['completed', 'project.reopen', 'reopened'],
  ['completed', 'project.close', 'closed'],
  ['closed', 'project.reopen', 'reopened'],
  ['reopened', 'project.edit', 'reopened'],
  ['reopened', 'project.pause', 'paused'],
  ['reopened', 'project.finish', 'completed'],
  ['reopened', 'project.close', 'closed'],
  // A link's pool may be shared among its teams until the project is over.
  ...(['waiting_for_improvement', 'waiting_for_publish', 'in_progress', 'paused', 'reopened'] as const).map((state): [ProjectStatus, string, ProjectStatus] => [state, 'project.distribute', state]),
  // A batch may be opened until the project is over, before it is published too.
  ...(['waiting_for_improvement', 'waiting_for_publish', 'in_progress', 'paused', 'reopened'] as const).map((state): [ProjectStatus, string, ProjectStatus] => [state, 'project.add_batch', state]),
  // An import may start whatever the project's state: it only fixes the link its items wait in.
  ...(['waiting_for_improvement', 'waiting_for_publish', 'in_progress', 'paused', 'completed', 'closed', 'reopened'] as const).map(
    (state): [ProjectStatus, string, ProjectStatus] => [state, 'project.start_import', state],
  ),
];

describe('projectMachine', () => {
  const states = [...new Set(edges.map(([from]) => from))];
  for (const state of states) {
    describe(state, () => {
      const mine = edges.filter(([from]) => from === state);
      for (const [, event, to] of mine) {
        it(`${event} -> ${to}`, () => expect(next(state, event)).toBe(to));
      }
      it('refuses every other event and names what is allowed', () => {
        const allowed = mine.map(([, event]) => event);
        expect(allowedEvents(projectMachine, state, {}).sort()).toEqual([...allowed].sort());
        for (const event of projectMachine.events.filter((e: string) => !allowed.includes(e))) {
          expect(decide(projectMachine, state, {}, { type: event })).toEqual({ allowed: false, from: state, event, allowedEvents: allowedEvents(projectMachine, state, {}) });
        }
      });
    });
  }

  it('does not reopen a draft that was closed before it ever ran', () => {
    expect(decide(projectMachine, 'closed', { published: false }, { type: 'project.reopen' })).toEqual({
      allowed: false,
      from: 'closed',
      event: 'project.reopen',
      allowedEvents: ['project.start_import'],
    });
    expect(decide(projectMachine, 'closed', { published: true }, { type: 'project.reopen' }).allowed).toBe(true);
  });

  it('cannot be published before its configuration is complete', () => {
    expect(decide(projectMachine, 'waiting_for_improvement', {}, { type: 'project.publish' }).allowed).toBe(false);
  });
});
