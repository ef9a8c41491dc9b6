import { describe, expect, it } from 'vitest';
import { claimItem, enterPool, expireClaim, releaseItem } from './item-claim.decide';
import { evolveItem } from './item.evolve';
import { fresh, given, happened, ids, inspector, otherTagger, plan, pm, tagger } from './item.test-fixtures';

const now = new Date('2026-01-01T08:00:00.000Z');
const ref = { itemId: ids.item, projectId: ids.project };

describe('enterPool', () => {
  it('given an item imported before the project had links, when the project is published, then it enters the first pool', () => {
    expect(enterPool(fresh(null), plan)).toEqual({ events: [{ type: 'ItemEnteredPool', data: { ...ref, linkId: ids.annotate1 } }] });
  });
  it('given an item already in a pool, when publishing runs again, then nothing happens', () => {
    expect(enterPool(fresh(), plan)).toEqual({ events: [] });
  });
  it('given a project that still has no links, then the item stays out of every pool', () => {
    expect(enterPool(fresh(null), { ...plan, links: [] })).toMatchObject({ refusal: { messageKey: 'errors.invalid_transition' } });
  });
});

describe('claimItem', () => {
  it('given an item in the pool, when a tagger claims it, then it is theirs until the auto-recycle deadline', () => {
    expect(claimItem(fresh(), plan, tagger, { claimId: ids.claim1, now })).toEqual({
      events: [
        {
          type: 'ItemClaimed',
          data: { ...ref, linkId: ids.annotate1, claimId: ids.claim1, claimerId: ids.ann, claimedAt: '2026-01-01T08:00:00.000Z', deadline: '2026-01-01T08:30:00.000Z' },
        },
      ],
    });
  });
  it('given auto-recycle is off, then the claim has no deadline', () => {
    const decision = claimItem(fresh(), { ...plan, autoRecycleMinutes: null }, tagger, { claimId: ids.claim1, now });
    expect(decision).toMatchObject({ events: [{ data: { deadline: null } }] });
  });
  it("given someone else claimed it first, then the claim answers with the seed's message", () => {
    const state = given([happened.claimed(ids.annotate1, ids.ann2)]);
    expect(claimItem(state, plan, tagger, { claimId: ids.claim2, now })).toEqual({ refusal: { messageKey: 'items.claim_failed', params: {} } });
  });
  it('given a finished item, then it cannot be claimed', () => {
    const state = given([happened.finished(ids.inspect2)]);
    expect(claimItem(state, plan, tagger, { claimId: ids.claim2, now })).toEqual({ refusal: { messageKey: 'items.claim_failed', params: {} } });
  });
  it('given the tagger annotated the item, when they claim it in an inspection link, then they are refused', () => {
    const state = given([happened.claimed(ids.annotate1, ids.ann), happened.submitted(ids.annotate1, ids.ann, ids.inspect1)]);
    expect(claimItem(state, plan, tagger, { claimId: ids.claim2, now })).toEqual({ refusal: { messageKey: 'items.inspector_annotated', params: {} } });
    expect(claimItem(state, plan, inspector, { claimId: ids.claim2, now })).toMatchObject({ events: [{ type: 'ItemClaimed', data: { linkId: ids.inspect1 } }] });
  });
});

describe('releaseItem', () => {
  const claimed = () => given([happened.claimed(ids.annotate1, ids.ann)]);
  it('given the tagger holds the item, when they release it, then it returns to the same pool', () => {
    const decision = releaseItem(claimed(), plan, tagger);
    expect(decision).toEqual({ events: [{ type: 'ItemReleased', data: { ...ref, linkId: ids.annotate1, claimId: ids.claim1, claimerId: ids.ann, releasedBy: ids.ann } }] });
    const after = evolveItem(claimed(), (decision as { events: never[] }).events[0]);
    expect(after).toMatchObject({ status: 'pooled', linkId: ids.annotate1, claimerId: null, claimId: null, deadline: null });
  });
  it('given a tagger holds the item, when the PM releases it, then the PM is named', () => {
    expect(releaseItem(claimed(), plan, pm)).toMatchObject({ events: [{ type: 'ItemReleased', data: { claimerId: ids.ann, releasedBy: ids.pm } }] });
  });
  it('given another tagger holds the item, when a tagger releases it, then they are refused', () => {
    expect(releaseItem(claimed(), plan, otherTagger)).toEqual({ refusal: { messageKey: 'items.not_claimer', params: {} } });
  });
  it('given the item waits in the pool, then there is nothing to release', () => {
    expect(releaseItem(fresh(), plan, tagger)).toMatchObject({ refusal: { messageKey: 'errors.invalid_transition', params: { from: 'pooled', event: 'item.release' } } });
  });
});

describe('expireClaim', () => {
  const later = new Date('2026-01-01T08:30:00.000Z');
  it('given the claim is still current and its deadline passed, then the item returns to its pool', () => {
    const state = given([happened.claimed(ids.annotate1, ids.ann)]);
    expect(expireClaim(state, plan, { claimId: ids.claim1, now: later })).toEqual({
      events: [{ type: 'ItemClaimExpired', data: { ...ref, linkId: ids.annotate1, claimId: ids.claim1, claimerId: ids.ann, deadline: '2026-01-01T08:30:00.000Z' } }],
    });
  });
  it('given the item was submitted meanwhile, when the old timer fires, then nothing happens', () => {
    const state = given([happened.claimed(ids.annotate1, ids.ann), happened.submitted(ids.annotate1, ids.ann, ids.inspect1)]);
    expect(expireClaim(state, plan, { claimId: ids.claim1, now: later })).toEqual({ events: [] });
  });
  it('given the item was released and claimed again, when the old timer fires, then the new claim stays', () => {
    const state = given([
      happened.claimed(ids.annotate1, ids.ann),
      { type: 'ItemReleased', data: { ...ref, linkId: ids.annotate1, claimId: ids.claim1, claimerId: ids.ann, releasedBy: ids.ann } },
      happened.claimed(ids.annotate1, ids.ann2, ids.claim2),
    ]);
    expect(expireClaim(state, plan, { claimId: ids.claim1, now: later })).toEqual({ events: [] });
  });
  it('given the timer fires before the deadline, then it is refused so the job retries', () => {
    const state = given([happened.claimed(ids.annotate1, ids.ann)]);
    expect(expireClaim(state, plan, { claimId: ids.claim1, now })).toEqual({ refusal: { messageKey: 'items.claim_not_due', params: { deadline: '2026-01-01T08:30:00.000Z' } } });
  });
  it('given a claim made without a deadline, then no timer expires it', () => {
    const state = given([happened.claimed(ids.annotate1, ids.ann, ids.claim1, null)]);
    expect(expireClaim(state, plan, { claimId: ids.claim1, now: later })).toEqual({ events: [] });
  });
});
