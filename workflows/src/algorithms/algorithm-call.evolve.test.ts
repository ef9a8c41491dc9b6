import { describe, expect, it } from 'vitest';
import type { AlgorithmCallEvent } from './algorithm-call.events';
import { evolveAlgorithmCall, initialAlgorithmCallState } from './algorithm-call.evolve';

const callId = '00000000-0000-4000-8000-0000000000c1';
const item = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const fold = (events: AlgorithmCallEvent[]) => events.reduce(evolveAlgorithmCall, initialAlgorithmCallState);
const requested: AlgorithmCallEvent = {
  type: 'AlgorithmCallRequested',
  data: { callId, projectId: item(90), algorithmId: item(91), versionId: item(92), version: '1.0', scope: { type: 'link', linkId: item(93) }, scoreThreshold: 0.5, controlGroupRatio: 10, drawSeed: 7, requestedBy: item(94) },
};
const answered = (chunk: number, outcome: 'answered' | 'failed', chunkDone: boolean): AlgorithmCallEvent => ({
  type: 'AlgorithmCallAnswered',
  data: { callId, chunk, chunkDone, outcomes: [{ itemId: item(chunk), outcome, latencyMs: 5, resultVersion: outcome === 'answered' ? 1 : null, detections: [], reasonKey: null, params: {} }] },
});

describe('evolveAlgorithmCall', () => {
  it('counts planned chunks and those done, in order', () => {
    const state = fold([
      requested,
      { type: 'AlgorithmCallPlanned', data: { callId, page: 0, chunks: [{ chunk: 0, itemIds: [item(1)] }, { chunk: 1, itemIds: [item(2)] }], controlItemIds: [item(3)] } },
      { type: 'AlgorithmCallDispatched', data: { callId, chunks: 2, items: 3, control: 1 } },
      answered(0, 'answered', true),
    ]);
    expect(state).toMatchObject({ status: 'running', chunks: 2, completedChunks: 1, scoreThreshold: 0.5 });
  });

  it('counts the circuit’s openings until the endpoint answers again', () => {
    const interrupted: AlgorithmCallEvent = { type: 'AlgorithmCallInterrupted', data: { callId, chunk: 0, resumeAt: '2026-11-24T00:00:00.000Z', reasonKey: 'algorithms.circuit_open', params: {} } };
    const waiting = fold([requested, { type: 'AlgorithmCallDispatched', data: { callId, chunks: 1, items: 1, control: 0 } }, interrupted, interrupted]);
    expect(waiting).toMatchObject({ status: 'waiting', openings: 2 });
    expect(evolveAlgorithmCall(waiting, { type: 'AlgorithmCallResumed', data: { callId } })).toMatchObject({ status: 'running', openings: 0 });
    expect(evolveAlgorithmCall({ ...waiting, status: 'running' }, answered(0, 'failed', false)).openings).toBe(2);
  });
});
