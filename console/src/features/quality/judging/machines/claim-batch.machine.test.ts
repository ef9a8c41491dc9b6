// Claiming an acceptance batch, one describe per state: a claim at once, the takeover question, and refusals.
import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { claimBatchMachine, type ClaimBatchEvent } from './claim-batch.machine';

type Snapshot = ReturnType<typeof initialTransition<typeof claimBatchMachine>>[0];
const send = (...events: ClaimBatchEvent[]): Snapshot =>
  events.reduce((snapshot, event) => transition(claimBatchMachine, snapshot, event)[0], initialTransition(claimBatchMachine)[0]);

describe('idle', () => {
  it('sends a claim on asking, and nothing else', () => {
    expect(send({ type: 'claim.start' }).value).toBe('claiming');
    expect(send({ type: 'claim.confirm' }).value).toBe('idle');
  });
});

describe('claiming', () => {
  it('cannot send a second claim while the first travels', () => {
    expect(send({ type: 'claim.start' }).can({ type: 'claim.start' })).toBe(false);
  });
  it('is done when the server grants the claim', () => {
    expect(send({ type: 'claim.start' }, { type: 'claim.claimed' }).value).toBe('claimed');
  });
  it('asks before taking over a batch another acceptor holds', () => {
    expect(send({ type: 'claim.start' }, { type: 'claim.held' }).value).toBe('asking');
  });
  it('says why a claim was refused for another reason, and forgets it on the next try', () => {
    const refused = send({ type: 'claim.start' }, { type: 'claim.refused', message: 'Not assigned to you' });
    expect(refused.value).toBe('idle');
    expect(refused.context.refusal).toBe('Not assigned to you');
    expect(transition(claimBatchMachine, refused, { type: 'claim.start' })[0].context.refusal).toBeNull();
  });
});

describe('asking', () => {
  const asking = [{ type: 'claim.start' }, { type: 'claim.held' }] as const;
  it('takes the batch over only once confirmed', () => {
    expect(send(...asking, { type: 'claim.confirm' }).value).toBe('takingOver');
  });
  it('leaves the other acceptor its batch when cancelled', () => {
    expect(send(...asking, { type: 'claim.cancel' }).value).toBe('idle');
  });
});

describe('takingOver', () => {
  const takingOver = [{ type: 'claim.start' }, { type: 'claim.held' }, { type: 'claim.confirm' }] as const;
  it('is done when the takeover is granted', () => {
    expect(send(...takingOver, { type: 'claim.claimed' }).value).toBe('claimed');
  });
  it('says why the takeover was refused', () => {
    expect(send(...takingOver, { type: 'claim.refused', message: 'Batch closed' }).context.refusal).toBe('Batch closed');
  });
});

describe('claimed', () => {
  it('takes nothing more', () => {
    expect(send({ type: 'claim.start' }, { type: 'claim.claimed' }).status).toBe('done');
  });
});
