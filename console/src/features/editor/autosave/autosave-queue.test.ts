// The autosave's decisions: when a change is sent, that only one request travels, that the newest document wins,
// how failures back off, and that a conflict stops saving.
import { describe, expect, it } from 'vitest';
import { answered, edited, initialQueue, nextAction, online, outcomeOf, queueTiming, retryDelay, sending } from './autosave-queue';

const { debounceMs, maxWaitMs } = queueTiming;

describe('nextAction', () => {
  it('has nothing to do before the first change', () => {
    expect(nextAction(initialQueue('3'), 0)).toEqual({ kind: 'idle' });
  });
  it('waits for a quiet moment after a change, then sends it with the version it was read at', () => {
    const state = edited(initialQueue('3'), 1_000);
    expect(state.status).toBe('pending');
    expect(nextAction(state, 1_100)).toEqual({ kind: 'wait', until: 1_000 + debounceMs });
    expect(nextAction(state, 1_000 + debounceMs)).toEqual({ kind: 'send', revision: 1, version: '3' });
  });
  it('sends within the longest wait while changes keep coming', () => {
    let state = initialQueue('3');
    for (let now = 0; now <= maxWaitMs; now += 100) state = edited(state, now);
    expect(nextAction(state, maxWaitMs)).toEqual({ kind: 'send', revision: state.revision, version: '3' });
  });
  it('sends at once on a flush', () => {
    expect(nextAction(edited(initialQueue('3'), 0), 10, true)).toEqual({ kind: 'send', revision: 1, version: '3' });
  });
});

describe('sending and answered', () => {
  it('keeps one request in flight, and sends the newest document next with the version the answer gave', () => {
    let state = sending(edited(initialQueue('3'), 0), 1);
    state = edited(edited(state, 100), 200);
    expect(state.status).toBe('saving');
    expect(nextAction(state, 10_000, true)).toEqual({ kind: 'idle' });
    state = answered(state, { kind: 'saved', version: '4' }, 300);
    expect(state).toMatchObject({ status: 'pending', savedRevision: 1, version: '4', lastSavedAt: 300 });
    expect(nextAction(state, 10_000)).toEqual({ kind: 'send', revision: 3, version: '4' });
    state = answered(sending(state, 3), { kind: 'saved', version: '5' }, 10_100);
    expect(state).toMatchObject({ status: 'saved', savedRevision: 3, version: '5' });
    expect(nextAction(state, 20_000)).toEqual({ kind: 'idle' });
  });
  it('says offline on a lost network and tries again later, longer each time', () => {
    let state = answered(sending(edited(initialQueue('3'), 0), 1), { kind: 'retry' }, 1_000);
    expect(state.status).toBe('offline');
    expect(nextAction(state, 1_500)).toEqual({ kind: 'wait', until: 1_000 + retryDelay(1) });
    expect(nextAction(state, 1_000 + retryDelay(1))).toEqual({ kind: 'send', revision: 1, version: '3' });
    state = answered(sending(state, 1), { kind: 'retry' }, 3_000);
    expect(nextAction(state, 3_000)).toEqual({ kind: 'wait', until: 3_000 + retryDelay(2) });
    expect(retryDelay(2)).toBeGreaterThan(retryDelay(1));
    expect(retryDelay(50)).toBe(queueTiming.maxRetryMs);
  });
  it('keeps saying offline while edits pile up, and sends the newest at once when the network is back', () => {
    let state = answered(sending(edited(initialQueue('3'), 0), 1), { kind: 'retry' }, 1_000);
    state = edited(state, 1_200);
    expect(state.status).toBe('offline');
    expect(nextAction(online(state), 1_300)).toEqual({ kind: 'send', revision: 2, version: '3' });
  });
  it('stops on a conflict, whatever is edited or flushed after', () => {
    let state = answered(sending(edited(initialQueue('3'), 0), 1), { kind: 'conflict', reason: 'version', message: 'saved elsewhere' }, 1_000);
    state = edited(state, 2_000);
    expect(state).toMatchObject({ status: 'conflict', conflict: { reason: 'version', message: 'saved elsewhere' } });
    expect(nextAction(state, 100_000, true)).toEqual({ kind: 'idle' });
  });
  it('does not send a refused document again, but tries the next edit', () => {
    let state = answered(sending(edited(initialQueue('3'), 0), 1), { kind: 'refused', message: 'bad box', fields: [] }, 1_000);
    expect(state.status).toBe('refused');
    expect(nextAction(state, 100_000, true)).toEqual({ kind: 'idle' });
    state = edited(state, 2_000);
    expect(state).toMatchObject({ status: 'pending', refusal: null });
    expect(nextAction(state, 2_000 + debounceMs)).toEqual({ kind: 'send', revision: 2, version: '3' });
  });
});

describe('outcomeOf', () => {
  it('retries what the network, the session or the server failed', () => {
    expect(outcomeOf(0, 'NETWORK')).toBe('retry');
    expect(outcomeOf(503, 'INTERNAL')).toBe('retry');
    expect(outcomeOf(429, 'RATE_LIMITED')).toBe('retry');
    expect(outcomeOf(403, 'TOKEN_INVALID')).toBe('retry');
  });
  it('counts a version mismatch, a move of the item and a lost membership as conflicts', () => {
    expect(outcomeOf(409, 'VERSION_CONFLICT')).toBe('version');
    expect(outcomeOf(412, null)).toBe('version');
    expect(outcomeOf(409, 'INVALID_TRANSITION')).toBe('state');
    expect(outcomeOf(403, 'FORBIDDEN')).toBe('access');
  });
  it('counts a refused document as refused', () => {
    expect(outcomeOf(400, 'VALIDATION_FAILED')).toBe('refused');
    expect(outcomeOf(413, 'TOO_LARGE')).toBe('refused');
  });
});
