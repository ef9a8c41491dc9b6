// Judging a gate's items in turn, one describe per state: after a verdict the next item is looked for once, and the
// editor opens it or goes back to the gate.
import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { type GateJudgingEmitted, type GateJudgingEvent, gateJudgingMachine } from './gate-judging.machine';

function run(...events: GateJudgingEvent[]) {
  let [snapshot] = initialTransition(gateJudgingMachine);
  let emitted: GateJudgingEmitted[] = [];
  for (const event of events) {
    const [next, actions] = transition(gateJudgingMachine, snapshot, event);
    snapshot = next;
    // Emitted events come back as executable actions of their own kind, which the machine's action names do not list.
    emitted = (actions as { type: string; params?: unknown }[]).flatMap((action) => (action.type === 'xstate.emit' ? [(action.params as { event: GateJudgingEmitted }).event] : []));
  }
  return { snapshot, emitted };
}

describe('judging', () => {
  it('looks for the next item once the gate took a verdict', () => {
    expect(run({ type: 'verdict.taken', verb: 'pass' }).snapshot.value).toBe('finding');
    expect(run({ type: 'verdict.taken', verb: 'reject' }).snapshot.value).toBe('finding');
  });
  it('goes straight back to the gate after a release', () => {
    const { snapshot, emitted } = run({ type: 'verdict.taken', verb: 'release' });
    expect(snapshot.status).toBe('done');
    expect(emitted).toEqual([{ type: 'open', itemId: null, finished: false }]);
  });
  it('opens nothing before a verdict', () => {
    expect(run({ type: 'next.found', itemId: 'b' }).emitted).toEqual([]);
  });
});

describe('finding', () => {
  const pass = { type: 'verdict.taken', verb: 'pass' } as const;
  it('does not start a second search on another verdict', () => {
    const { snapshot } = run(pass);
    expect(snapshot.can(pass)).toBe(false);
  });
  it('opens the next item, and judges it', () => {
    const { snapshot, emitted } = run(pass, { type: 'next.found', itemId: 'b' });
    expect(emitted).toEqual([{ type: 'open', itemId: 'b', finished: false }]);
    expect(snapshot.value).toBe('judging');
  });
  it('goes back to the gate, saying all is judged, when nothing is left', () => {
    expect(run(pass, { type: 'next.none' }).emitted).toEqual([{ type: 'open', itemId: null, finished: true }]);
  });
  it('goes back to the gate when the search failed', () => {
    const { snapshot, emitted } = run(pass, { type: 'next.failed' });
    expect(emitted).toEqual([{ type: 'open', itemId: null, finished: false }]);
    expect(snapshot.status).toBe('done');
  });
});
