import { describe, expect, it } from 'vitest';
import { type BulkItem, bulkRejectRefusal, bulkReleaseRefusal } from './bulk.rules';
import { ids } from './item.test-fixtures';

const item = (n: number, linkId: string, status: BulkItem['status']): BulkItem => ({ itemId: `item-${n}`, linkId, status });

describe('bulkReleaseRefusal', () => {
  it('allows items of one link', () => {
    expect(bulkReleaseRefusal([item(1, ids.annotate1, 'claimed'), item(2, ids.annotate1, 'claimed')])).toBeNull();
  });
  it("refuses items of two links with the seed's message", () => {
    expect(bulkReleaseRefusal([item(1, ids.annotate1, 'claimed'), item(2, ids.inspect1, 'claimed')])).toEqual({ messageKey: 'items.bulk_release_mixed', params: {} });
  });
  it('refuses an empty selection', () => {
    expect(bulkReleaseRefusal([])).toEqual({ messageKey: 'items.bulk_empty', params: {} });
  });
});

describe('bulkRejectRefusal', () => {
  it('allows items of one status in one link', () => {
    expect(bulkRejectRefusal([item(1, ids.inspect1, 'pooled'), item(2, ids.inspect1, 'pooled')])).toBeNull();
  });
  it("refuses items of one link in two statuses with the seed's message", () => {
    expect(bulkRejectRefusal([item(1, ids.inspect1, 'pooled'), item(2, ids.inspect1, 'claimed')])).toEqual({ messageKey: 'items.bulk_reject_mixed', params: {} });
  });
  it("refuses items of one status in two links with the seed's message", () => {
    expect(bulkRejectRefusal([item(1, ids.inspect1, 'pooled'), item(2, ids.inspect2, 'pooled')])).toEqual({ messageKey: 'items.bulk_reject_mixed', params: {} });
  });
  it('refuses an empty selection', () => {
    expect(bulkRejectRefusal([])).toEqual({ messageKey: 'items.bulk_empty', params: {} });
  });
});
