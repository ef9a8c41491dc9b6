// The item page offers only what the server's item machine would accept from the person looking at it.
import { describe, expect, it } from 'vitest';
import type { Action } from '@annot/workflows';
import type { ItemHistoryEntry, TaskItem } from '../api/task-item';
import { allowedVerbs, itemStateOf, planAsSeen } from './allowed-actions';

const annotation = { id: '00000000-0000-4000-8000-00000000000a', type: 'annotation' as const };
const inspection = { id: '00000000-0000-4000-8000-00000000000b', type: 'inspection' as const };
const tagger = '00000000-0000-4000-8000-000000000001';
const inspector = '00000000-0000-4000-8000-000000000002';
const pm = '00000000-0000-4000-8000-000000000003';
const itemId = '0f0e0d0c-0b0a-0908-0706-050403020100';
const projectId = '00000000-0000-4000-8000-0000000000ff';
const basics = { reworkMaxCount: 2, inspectorMayModify: false };

const item = (over: Partial<TaskItem>): TaskItem => ({
  id: itemId,
  batchId: projectId,
  projectId,
  linkId: annotation.id,
  fileName: 'a.jpg',
  mediaType: 'image/jpeg',
  width: 320,
  height: 240,
  frameCount: 1,
  status: 'claimed',
  claimerId: tagger,
  deadline: null,
  teamId: null,
  preferredClaimerId: null,
  effective: true,
  invalidReasonId: null,
  objectCount: 0,
  submissionCount: 0,
  reworkCount: 0,
  rework: false,
  resultVersion: 0,
  lastSavedAt: null,
  lastSubmittedAt: null,
  version: '1',
  ...over,
});

const taggerCan = (action: Action) => ['task.claim', 'task.work', 'task.read'].includes(action);
const staffCan = (action: Action) => ['task.work', 'task.manage', 'task.read'].includes(action);
const ref = { itemId, projectId };
const submitted: ItemHistoryEntry[] = [
  { type: 'ItemClaimed', data: { ...ref, linkId: annotation.id, claimId: pm, claimerId: tagger, claimedAt: '2026-01-01T00:00:00Z', deadline: null }, actorId: tagger, at: '2026-01-01T00:00:00Z' },
  {
    type: 'ItemSubmitted',
    data: { ...ref, linkId: annotation.id, claimId: pm, submittedBy: tagger, submittedAt: '2026-01-01T00:01:00Z', resultVersion: 1, rework: false, toLinkId: inspection.id },
    actorId: tagger,
    at: '2026-01-01T00:01:00Z',
  },
];

describe('allowedVerbs', () => {
  it('offers its claimer submit, mark invalid and release on an annotation link it alone is shown', () => {
    const state = itemStateOf(item({}), []);
    expect(allowedVerbs(state, planAsSeen([annotation], basics), { id: tagger, role: '40', can: taggerCan })).toEqual(['submit', 'mark-invalid', 'release']);
  });

  it('offers nothing to a tagger who does not hold the item', () => {
    const state = itemStateOf(item({}), []);
    expect(allowedVerbs(state, planAsSeen([annotation], basics), { id: inspector, role: '40', can: taggerCan })).toEqual([]);
  });

  it('offers an inspector who sees only the inspection link pass, reject and release', () => {
    const state = itemStateOf(item({ linkId: inspection.id, claimerId: inspector, submissionCount: 1 }), submitted);
    expect(allowedVerbs(state, planAsSeen([inspection], basics), { id: inspector, role: '40', can: taggerCan })).toEqual(['pass', 'reject', 'release']);
  });

  it('offers the PM release, reject and recycle on a claimed inspection item, and recycle or accept on a held one', () => {
    const claimed = itemStateOf(item({ linkId: inspection.id, claimerId: inspector }), submitted);
    expect(allowedVerbs(claimed, planAsSeen([annotation, inspection], basics), { id: pm, role: '10', can: staffCan })).toEqual(['reject', 'release', 'recycle']);
    const held = itemStateOf(item({ linkId: inspection.id, status: 'held', claimerId: null, reworkCount: 3 }), submitted);
    expect(allowedVerbs(held, planAsSeen([annotation, inspection], basics), { id: pm, role: '10', can: staffCan })).toEqual(['recycle', 'accept']);
  });

  it('offers nothing on a deleted item', () => {
    expect(allowedVerbs(itemStateOf(item({ status: 'deleted' }), []), planAsSeen([annotation, inspection], basics), { id: pm, role: '10', can: staffCan })).toEqual([]);
  });
});
