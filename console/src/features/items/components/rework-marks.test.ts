// The rework screens show the marks of the item's last rejection, and none once a recycle started it over.
import { describe, expect, it } from 'vitest';
import type { ItemHistoryEntry } from '../api/item';
import { reworkMarks } from './rework-marks';

const itemId = '0f0e0d0c-0b0a-0908-0706-050403020100';
const projectId = '00000000-0000-4000-8000-0000000000ff';
const annotation = '00000000-0000-4000-8000-00000000000a';
const inspection = '00000000-0000-4000-8000-00000000000b';
const group = '00000000-0000-4000-8000-00000000e440';
const at = '2026-01-01T00:00:00Z';
const inspector = '00000000-0000-4000-8000-000000000002';
const pm = '00000000-0000-4000-8000-000000000003';

const rejected = (comment: string): ItemHistoryEntry => ({
  type: 'ItemRejected',
  data: { itemId, projectId, linkId: inspection, inspectorId: inspector, resultVersion: 1, marks: [{ objectId: null, errorGroupId: group, value: 'box', comment }], toLinkId: annotation, preferredClaimerId: null, reworkCount: 1 },
  actorId: inspector,
  at,
});
const recycled: ItemHistoryEntry = {
  type: 'ItemRecycled',
  data: { itemId, projectId, fromLinkId: annotation, toLinkId: annotation, target: 'same_link', keepResult: true, resultVersion: 1, recycledBy: pm },
  actorId: pm,
  at,
};

describe('reworkMarks', () => {
  it('gives the marks of the last rejection', () => {
    expect(reworkMarks([rejected('first'), rejected('second')])).toEqual([expect.objectContaining({ comment: 'second' })]);
  });

  it('gives none once the item was recycled after it, nor for an item never rejected', () => {
    expect(reworkMarks([rejected('first'), recycled])).toEqual([]);
    expect(reworkMarks([])).toEqual([]);
  });
});
