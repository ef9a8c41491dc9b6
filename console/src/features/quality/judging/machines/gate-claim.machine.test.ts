// Claiming from a quality gate, one describe per state: a claim at once, the takeover question where the gate has one
// (an acceptance batch) and a plain refusal where it has none (a sampling task's next item), and refusals.
import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { type GateClaimEvent, gateClaimMachine } from './gate-claim.machine';

type Snapshot = ReturnType<typeof initialTransition<typeof gateClaimMachine>>[0];
const acceptance = { takeover: true };
const sampling = { takeover: false };
const send = (input: { takeover: boolean }, ...events: GateClaimEvent[]): Snapshot =>
  events.reduce((snapshot, event) => transition(gateClaimMachine, snapshot, event)[0], initialTransition(gateClaimMachine, input)[0]);
const held = { type: 'claim.held', message: 'Held by another' } as const;

describe('idle', () => {
  it('sends a claim on asking, and nothing else', () => {
    expect(send(acceptance, { type: 'claim.start' }).value).toBe('claiming');
    expect(send(acceptance, { type: 'claim.confirm' }).value).toBe('idle');
  });
});

describe('claiming', () => {
  it('cannot send a second claim while the first travels', () => {
    expect(send(sampling, { type: 'claim.start' }).can({ type: 'claim.start' })).toBe(false);
  });
  it('is done when the server grants the claim', () => {
    expect(send(acceptance, { type: 'claim.start' }, { type: 'claim.claimed' }).value).toBe('claimed');
    expect(send(sampling, { type: 'claim.start' }, { type: 'claim.claimed' }).value).toBe('claimed');
  });
  it('asks before taking over what another reader holds, where the gate allows takeovers', () => {
    expect(send(acceptance, { type: 'claim.start' }, held).value).toBe('asking');
  });
  it('says the server answer, without a question, where the gate has no takeovers', () => {
    const refused = send(sampling, { type: 'claim.start' }, held);
    expect(refused.value).toBe('idle');
    expect(refused.context.refusal).toBe('Held by another');
  });
  it('says why a claim was refused for another reason, and forgets it on the next try', () => {
    const refused = send(acceptance, { type: 'claim.start' }, { type: 'claim.refused', message: 'Not assigned to you' });
    expect(refused.value).toBe('idle');
    expect(refused.context.refusal).toBe('Not assigned to you');
    expect(transition(gateClaimMachine, refused, { type: 'claim.start' })[0].context.refusal).toBeNull();
  });
});

describe('asking', () => {
  const asking = [{ type: 'claim.start' }, held] as const;
  it('takes over only once confirmed', () => {
    expect(send(acceptance, ...asking, { type: 'claim.confirm' }).value).toBe('takingOver');
  });
  it('leaves the other reader its work when cancelled', () => {
    expect(send(acceptance, ...asking, { type: 'claim.cancel' }).value).toBe('idle');
  });
});

describe('takingOver', () => {
  const takingOver = [{ type: 'claim.start' }, held, { type: 'claim.confirm' }] as const;
  it('is done when the takeover is granted', () => {
    expect(send(acceptance, ...takingOver, { type: 'claim.claimed' }).value).toBe('claimed');
  });
  it('says why the takeover was refused', () => {
    expect(send(acceptance, ...takingOver, { type: 'claim.refused', message: 'Batch closed' }).context.refusal).toBe('Batch closed');
  });
});

describe('claimed', () => {
  it('takes nothing more', () => {
    expect(send(acceptance, { type: 'claim.start' }, { type: 'claim.claimed' }).status).toBe('done');
  });
});
