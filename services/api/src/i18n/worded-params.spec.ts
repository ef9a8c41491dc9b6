import * as domain from '@annot/workflows';
import { describe, expect, it } from 'vitest';
import { hasMessage } from './translate';
import { wordedParams } from './worded-params';

interface StateNode {
  states?: Record<string, StateNode>;
}
const machines = Object.values(domain).filter((value): value is { root: StateNode; events: string[] } => typeof value === 'object' && value !== null && 'root' in value && 'events' in value);
const statesOf = (node: StateNode): string[] => Object.entries(node.states ?? {}).flatMap(([name, child]) => [name, ...statesOf(child)]);

describe('wordedParams', () => {
  it('finds the lifecycle machines of the domain', () => {
    expect(machines.length).toBeGreaterThan(10);
  });

  it('has words for every state and every event of every machine, so a refused transition never shows a name of the code', () => {
    expect(wordedParams['errors.invalid_transition']).toEqual({ from: 'states', event: 'actions', allowed: 'actions' });
    const states = new Set(machines.flatMap((machine) => statesOf(machine.root)));
    const events = new Set(machines.flatMap((machine) => machine.events.filter((event) => !event.startsWith('xstate.'))));
    const unworded = [...[...states].map((state) => `states.${state}`), ...[...events].map((event) => `actions.${event}`)].filter((key) => !hasMessage(key));
    expect(unworded).toEqual([]);
  });
});
