// The autosave queue, one describe per state: when a change is sent, that only one request travels, that the newest
// document wins, how failures back off, and that a conflict stops saving.
import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import type { ResultDocument } from '@annot/workflows';
import { autosaveMachine, type AutosaveEvent, queueTiming, retryDelay, type SaveOutcome } from './autosave.machine';

type Snapshot = ReturnType<typeof initialTransition<typeof autosaveMachine>>[0];
type Step = ReturnType<typeof transition<typeof autosaveMachine>>;

const { debounceMs, maxWaitMs } = queueTiming;
const doc = (name: string) => ({ name }) as unknown as ResultDocument;

const opened = (version: string | null = '3'): Snapshot => initialTransition(autosaveMachine, { itemId: 'item-1', version })[0];
const step = (snapshot: Snapshot, event: AutosaveEvent): Step => transition(autosaveMachine, snapshot, event);
const send = (snapshot: Snapshot, ...events: AutosaveEvent[]) => events.reduce((s, event) => step(s, event)[0], snapshot);
const edit = (at: number, name = `edit at ${at}`): AutosaveEvent => ({ type: 'autosave.edit', document: doc(name), at });
const answer = (snapshot: Snapshot, outcome: SaveOutcome, at: number): Step =>
  transition(autosaveMachine, snapshot, { type: 'xstate.done.actor.save', output: { outcome, at } } as never);
/** The timer the step started: the quiet time or the backoff, in milliseconds. */
const timer = ([, actions]: Step) => actions.find((action) => action.type === 'xstate.raise')?.params as { delay: number; event: { type: string } } | undefined;
const fire = (snapshot: Snapshot, [, actions]: Step) => transition(autosaveMachine, snapshot, timer([snapshot, actions])!.event as never);
/** The request the step sent, if it sent one. */
const request = ([, actions]: Step) => (actions.find((action) => action.type === 'xstate.spawnChild')?.params as { input: unknown } | undefined)?.input;

/** A queue whose first edit's request is on its way. */
const inFlight = () => step(step(opened(), edit(0, 'first'))[0], { type: 'autosave.flush' });
const offline = () => answer(inFlight()[0], { kind: 'retry' }, 1_000);

describe('saved', () => {
  it('has nothing to do before the first change', () => {
    const snapshot = opened();
    expect(snapshot.value).toBe('saved');
    expect(snapshot.can({ type: 'autosave.flush' })).toBe(false);
  });
  it('waits for a quiet moment after a change', () => {
    const edited = step(opened(), edit(1_000));
    expect(edited[0].value).toBe('pending');
    expect(timer(edited)?.delay).toBe(debounceMs);
  });
  it('takes a newer version read from the server as the next If-Match, never an older one', () => {
    expect(send(opened('3'), { type: 'autosave.version', version: '5' }).context.version).toBe('5');
    expect(send(opened('5'), { type: 'autosave.version', version: '4' }).context.version).toBe('5');
  });
  it('counts new edits past a draft found in the browser', () => {
    const snapshot = send(opened(), { type: 'autosave.restored', revision: 7 }, edit(0));
    expect(snapshot.context).toMatchObject({ revision: 8, savedRevision: 7 });
  });
});

describe('pending', () => {
  it('sends the newest document with the version it was read at once the quiet time is over', () => {
    const [snapshot] = step(opened(), edit(0, 'old'));
    const edited = step(snapshot, edit(300, 'new'));
    const sent = fire(edited[0], edited);
    expect(sent[0].value).toBe('saving');
    expect(request(sent)).toEqual({ itemId: 'item-1', version: '3', document: doc('new'), revision: 2 });
  });
  it('sends within the longest wait while changes keep coming', () => {
    let last: Step = step(opened(), edit(0));
    for (let at = 100; at <= maxWaitMs - 100; at += 100) last = step(last[0], edit(at));
    expect(timer(last)?.delay).toBe(100);
  });
  it('sends at once on a flush', () => {
    const flushed = step(step(opened(), edit(0))[0], { type: 'autosave.flush' });
    expect(flushed[0].value).toBe('saving');
    expect(request(flushed)).toMatchObject({ revision: 1, version: '3' });
  });
});

describe('saving', () => {
  it('keeps one request in flight while edits come, and sends the newest next with the version the answer gave', () => {
    const travelling = send(inFlight()[0], edit(100, 'second'), edit(200, 'third'), { type: 'autosave.flush' });
    expect(travelling.value).toBe('saving');
    const [saved, actions] = answer(travelling, { kind: 'saved', version: '4' }, 300);
    // The flush goes on until the server has everything.
    expect(saved.value).toBe('saving');
    expect(saved.context).toMatchObject({ savedRevision: 1, version: '4', lastSavedAt: 300 });
    expect(request([saved, actions])).toEqual({ itemId: 'item-1', version: '4', document: doc('third'), revision: 3 });
    const [done] = answer(saved, { kind: 'saved', version: '5' }, 400);
    expect(done.value).toBe('saved');
    expect(done.context).toMatchObject({ savedRevision: 3, version: '5', flushing: false });
  });
  it('waits its turn for edits made meanwhile when no flush asked', () => {
    const [pending] = answer(send(inFlight()[0], edit(100)), { kind: 'saved', version: '4' }, 300);
    expect(pending.value).toBe('pending');
  });
  it('says saved when the server has everything', () => {
    const [saved] = answer(inFlight()[0], { kind: 'saved', version: '4' }, 300);
    expect(saved.value).toBe('saved');
  });
});

describe('offline', () => {
  it('follows a lost network, and tries again later, longer each time', () => {
    const failed = offline();
    expect(failed[0].value).toBe('offline');
    expect(timer(failed)?.delay).toBe(retryDelay(1));
    const retried = fire(failed[0], failed);
    expect(retried[0].value).toBe('saving');
    const again = answer(retried[0], { kind: 'retry' }, 3_000);
    expect(timer(again)?.delay).toBe(retryDelay(2));
    expect(retryDelay(2)).toBeGreaterThan(retryDelay(1));
    expect(retryDelay(50)).toBe(queueTiming.maxRetryMs);
  });
  it('keeps saying offline while edits pile up, without restarting the backoff', () => {
    const edited = step(offline()[0], edit(1_200));
    expect(edited[0].value).toBe('offline');
    expect(timer(edited)).toBeUndefined();
  });
  it('sends the newest at once when the network is back', () => {
    const back = step(step(offline()[0], edit(1_200, 'newest'))[0], { type: 'autosave.online' });
    expect(back[0].value).toBe('saving');
    expect(request(back)).toMatchObject({ document: doc('newest'), revision: 2 });
  });
  it('ends a flush after one try instead of hammering a lost network', () => {
    const tried = step(offline()[0], { type: 'autosave.flush' });
    expect(tried[0].value).toBe('saving');
    const [failed] = answer(tried[0], { kind: 'retry' }, 2_000);
    expect(failed.value).toBe('offline');
    expect(failed.context.flushing).toBe(false);
  });
});

describe('refused', () => {
  const refused = () => answer(inFlight()[0], { kind: 'refused', message: 'bad box', fields: [] }, 1_000)[0];
  it('does not send a refused document again, whatever is flushed', () => {
    const snapshot = send(refused(), { type: 'autosave.flush' });
    expect(snapshot.value).toBe('refused');
    expect(snapshot.context.refusal).toEqual({ revision: 1, message: 'bad box', fields: [] });
  });
  it('tries the next edit, which may be the fix', () => {
    const edited = step(refused(), edit(2_000));
    expect(edited[0].value).toBe('pending');
    expect(edited[0].context.refusal).toBeNull();
    expect(request(fire(edited[0], edited))).toMatchObject({ revision: 2, version: '3' });
  });
  it('tries edits made while the refused request travelled', () => {
    const [snapshot] = answer(send(inFlight()[0], edit(500)), { kind: 'refused', message: 'bad box', fields: [] }, 1_000);
    expect(snapshot.value).toBe('pending');
  });
});

describe('conflict', () => {
  const conflicted = () => answer(inFlight()[0], { kind: 'conflict', reason: 'version', message: 'saved elsewhere' }, 1_000)[0];
  it('stops and says why', () => {
    expect(conflicted().value).toBe('conflict');
    expect(conflicted().context.conflict).toEqual({ reason: 'version', message: 'saved elsewhere' });
  });
  it('sends nothing, whatever is edited, flushed or comes back online', () => {
    const snapshot = send(conflicted(), edit(2_000), { type: 'autosave.flush' }, { type: 'autosave.online' });
    expect(snapshot.value).toBe('conflict');
  });
  it('starts afresh when another item opens', () => {
    const snapshot = send(conflicted(), { type: 'autosave.open', itemId: 'item-2', version: '9' });
    expect(snapshot.value).toBe('saved');
    expect(snapshot.context).toMatchObject({ itemId: 'item-2', version: '9', conflict: null, revision: 0 });
  });
});
