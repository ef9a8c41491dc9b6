// The table every lifecycle machine's spec is written as: for one state, each edge is taken to where it leads and
// each refusal is answered as a refused transition from that state.
import { expect, it } from 'vitest';
import { type AnyStateMachine, transition } from 'xstate';
import { decide, snapshotOf } from './lifecycle';

/** From, why, context, event, to. */
export type MachineEdge<S, C, E> = [S, string, C, E, S];
/** From, why, context, event. */
export type MachineRefusal<S, C, E> = [S, string, C, E];

export const allowedBy =
  <S extends string, C, E extends { type: string }>(machine: AnyStateMachine) =>
  (from: S, context: C, event: E): boolean =>
    decide(machine, from, context, event).allowed;

const nextBy =
  <S extends string, C, E extends { type: string }>(machine: AnyStateMachine) =>
  (from: S, context: C, event: E): S =>
    transition(machine, snapshotOf(machine, from, context), event)[0].value as S;

/** Inside a `describe(state)`: one test per edge from the state and one per refusal of it. */
export function itTakesItsEdges<S extends string, C, E extends { type: string }>(
  machine: AnyStateMachine,
  state: S,
  edges: MachineEdge<S, C, E>[],
  refusals: MachineRefusal<S, C, E>[],
): void {
  const allowed = allowedBy<S, C, E>(machine);
  const next = nextBy<S, C, E>(machine);
  for (const [, why, context, event, to] of edges.filter(([from]) => from === state)) {
    it(`${event.type} -> ${to} when ${why}`, () => {
      expect(allowed(state, context, event)).toBe(true);
      expect(next(state, context, event)).toBe(to);
    });
  }
  for (const [, why, context, event] of refusals.filter(([from]) => from === state)) {
    it(`refuses ${event.type} when ${why}`, () => {
      expect(decide(machine, state, context, event)).toMatchObject({ allowed: false, from: state, event: event.type });
    });
  }
}
