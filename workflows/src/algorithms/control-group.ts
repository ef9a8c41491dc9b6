// The control group of a call: each item is held out or not by its own draw from the call's seed, so the group is
// the same whatever order or pages the items come in, and anyone can draw it again from the stored seed.
import { seededRandom } from '../quality/sampling/sample-draw';

/** FNV-1a over the item id, mixed with the seed: a 32-bit number that differs for every item and seed. */
function itemSeed(seed: number, itemId: string): number {
  let hash = 0x811c9dc5 ^ (seed >>> 0);
  for (let i = 0; i < itemId.length; i++) {
    hash ^= itemId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Whether the item is held out of the call: true for about `ratio` percent of items. */
export function inControlGroup(seed: number, itemId: string, ratio: number): boolean {
  if (ratio <= 0) return false;
  if (ratio >= 100) return true;
  return seededRandom(itemSeed(seed, itemId))() * 100 < ratio;
}
