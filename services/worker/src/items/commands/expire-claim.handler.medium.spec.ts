// A claim's auto-recycle timer on a real database: given the item's claim, when the timer fires, then the expiry the
// system appended and the item's row; a timer that fires early is refused, and a stale one changes nothing.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { commandContext, ItemWork, itemLifecycle, systemActor } from '@annot/core';
import { appended, given, givenItems, givenProject, itemEvents, itemStream, mark, refusalOf, specDatabase, type SpecProject } from '../../../../../tests/support/given-when-then';
import { ItemsRepository } from '../items.repository';
import { ExpireClaimCommand, ExpireClaimHandler } from './expire-claim.handler';

const spec = specDatabase();
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/** An item the tagger claimed with this deadline; the claim's id. */
async function claimedUntil(deadline: string): Promise<{ p: SpecProject; itemId: string; claimId: string }> {
  const p = await givenProject(spec, { autoRecycleMinutes: 30 });
  const { itemIds: [itemId] } = await givenItems(spec, p, 1);
  const claimId = randomUUID();
  await given(spec, itemLifecycle, itemStream(itemId), p.tagger, [itemEvents(p, itemId).claimed(p.annotation, p.tagger.id, claimId, deadline)]);
  return { p, itemId, claimId };
}

const expire = (itemId: string, claimId: string) => new ExpireClaimHandler(spec.pipeline, new ItemsRepository(spec.db), new ItemWork()).execute(new ExpireClaimCommand(itemId, claimId, commandContext(systemActor)));
const rowOf = (itemId: string) => spec.db.selectFrom('items').select(['status', 'link_id', 'claimer_id', 'deadline']).where('item_id', '=', itemId).executeTakeFirstOrThrow();

describe(ExpireClaimHandler.name, () => {
  it('expires a claim past its deadline: the item is back in its pool, by the system', async () => {
    const { p, itemId, claimId } = await claimedUntil(minutesFromNow(-1));
    const since = await mark(spec);
    expect(await expire(itemId, claimId)).toEqual({ expired: true });
    expect(await appended(spec, since)).toEqual([
      { stream: itemStream(itemId), type: 'ItemClaimExpired', actor: 'system', data: expect.objectContaining({ claimId, claimerId: p.tagger.id, linkId: p.annotation }) },
    ]);
    expect(await rowOf(itemId)).toEqual({ status: 'waiting', link_id: p.annotation, claimer_id: null, deadline: null });
  });

  it('leaves alone a claim that is gone: a timer set for an earlier claim changes nothing', async () => {
    const { p, itemId } = await claimedUntil(minutesFromNow(-1));
    const since = await mark(spec);
    expect(await expire(itemId, randomUUID())).toEqual({ expired: false });
    expect(await appended(spec, since)).toEqual([]);
    expect((await rowOf(itemId)).claimer_id).toBe(p.tagger.id);
  });

  it('refuses a timer that fires before the deadline, so its job retries', async () => {
    const { itemId, claimId } = await claimedUntil(minutesFromNow(10));
    const since = await mark(spec);
    expect(await refusalOf(expire(itemId, claimId))).toMatchObject({ status: 409, errCode: 'ITEM_REFUSED', messageKey: 'items.claim_not_due' });
    expect(await appended(spec, since)).toEqual([]);
  });
});
