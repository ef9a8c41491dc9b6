// A project's items recomputed from the events of a ledger file, with Node alone: where each item stands (its link
// and status, as the platform's past views count them), whether it is valid, its result version and object count,
// the batches deleted and the items an acceptance passed. The rules are the ones docs/ledger-export.md states, written
// here again on purpose: an auditor's check must not run the code it checks.
import { createHash } from 'node:crypto';

/** An item's id follows from its batch and place: the md5 of "batch:seq", written as a uuid. */
export function itemIdAt(batchId, seq) {
  const hex = createHash('md5').update(`${batchId}:${seq}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Where an item goes when it leaves a link: the next link's pool, or nowhere yet (ItemFinished follows). */
const movedOn = (item, toLinkId) => (toLinkId ? { ...item, status: 'pooled', linkId: toLinkId } : item);

/** Each item event's effect on what the check reads; the other fields of the platform's item state are not needed. */
const itemRules = {
  ItemEnteredPool: (item, d) => ({ ...item, status: 'pooled', linkId: d.linkId }),
  ItemClaimed: (item, d) => ({ ...item, status: 'claimed', linkId: d.linkId }),
  ItemReleased: (item) => ({ ...item, status: 'pooled' }),
  ItemClaimExpired: (item) => ({ ...item, status: 'pooled' }),
  ResultSaved: (item, d) => ({ ...item, resultVersion: d.resultVersion, objectCount: d.objectCount }),
  ItemSubmitted: (item, d) => movedOn(item, d.toLinkId),
  ItemPassed: (item, d) => movedOn(item, d.toLinkId),
  ItemRejected: (item, d) => ({ ...item, status: 'pooled', linkId: d.toLinkId }),
  ItemReturned: (item, d) => ({ ...item, status: 'pooled', linkId: d.toLinkId }),
  ItemHeld: (item) => ({ ...item, status: 'held' }),
  ItemFinished: (item, d) => ({ ...item, status: 'finished', linkId: d.linkId }),
  ItemMarkedInvalid: (item) => ({ ...item, valid: false }),
  ItemMarkedValid: (item) => ({ ...item, valid: true }),
  InvalidityOverturned: (item) => ({ ...item, valid: true }),
  ItemRecycled: (item, d) => ({
    ...item,
    status: 'pooled',
    linkId: d.toLinkId,
    resultVersion: d.resultVersion,
    ...(d.keepResult ? {} : { objectCount: 0, valid: true }),
  }),
};

export class ProjectFold {
  constructor(projectId) {
    this.projectId = projectId;
    /** itemId → { batchId, linkId, status, valid, resultVersion, objectCount } */
    this.items = new Map();
    this.deletedBatches = new Set();
    /** Items a passed acceptance batch passed. */
    this.accepted = new Set();
    /** The result version each item's last passing acceptance verdict judged. */
    this.judged = new Map();
  }

  /** Applies one event of the file; events of other projects and of kinds that move no item are passed over. */
  apply(event) {
    const d = event.data ?? {};
    if (d.projectId !== this.projectId) return;
    if (event.type === 'BatchItemsRegistered') {
      d.fileNames.forEach((_, i) => {
        this.items.set(itemIdAt(d.batchId, d.firstSeq + i), { batchId: d.batchId, linkId: d.linkId, status: d.linkId ? 'pooled' : 'unlinked', valid: true, resultVersion: 0, objectCount: 0 });
      });
    } else if (event.type === 'BatchDeleted') {
      this.deletedBatches.add(d.batchId);
    } else if (event.type === 'AcceptanceItemJudged') {
      if (d.verdict === 'pass') this.judged.set(d.itemId, d.resultVersion);
    } else if (event.type === 'AcceptanceBatchPassed') {
      for (const itemId of d.passed) this.accepted.add(itemId);
    } else if (itemRules[event.type] && this.items.has(d.itemId)) {
      this.items.set(d.itemId, itemRules[event.type](this.items.get(d.itemId), d));
    }
  }

  /** How many items stand at each link in each status, ordered by link and status, as the platform's past counts. */
  counts() {
    const counted = new Map();
    for (const { linkId, status } of this.items.values()) {
      const key = `${linkId ?? ''}|${status}`;
      counted.set(key, (counted.get(key) ?? 0) + 1);
    }
    return [...counted]
      .map(([key, count]) => {
        const [linkId, status] = key.split('|');
        return { linkId: linkId || null, status, count };
      })
      .sort((a, b) => (a.linkId ?? '').localeCompare(b.linkId ?? '') || a.status.localeCompare(b.status));
  }

  /**
   * The items an export of this scope reads now, with their result versions and object counts; null for the
   * `sampled` gate, whose sampling rounds this check does not recompute.
   */
  exportScope(scope) {
    if (scope.gate === 'sampled') return null;
    const chosen = [];
    for (const [itemId, item] of this.items) {
      if (this.deletedBatches.has(item.batchId)) continue;
      if (scope.batchIds.length > 0 && !scope.batchIds.includes(item.batchId)) continue;
      if (scope.linkIds.length > 0 && !scope.linkIds.includes(item.linkId)) continue;
      if (scope.effectiveness === 'valid' && !item.valid) continue;
      if (scope.gate === 'inspected' && item.status !== 'finished') continue;
      if (scope.gate === 'accepted' && !this.accepted.has(itemId)) continue;
      chosen.push({ itemId, resultVersion: item.resultVersion, objectCount: item.objectCount, acceptedVersion: this.accepted.has(itemId) ? (this.judged.get(itemId) ?? null) : null });
    }
    return chosen;
  }
}
