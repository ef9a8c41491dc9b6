// Shared fixtures of the tasks specs: a four-link project and the people who work on it.
import { toolInput } from '../catalog/tool.schemas';
import type { ItemEvent } from './item.events';
import { foldItem, type ItemState, startItemState } from './item.evolve';
import type { ResultDocument, ResultObject } from './result.schema';
import type { ResultConfig } from './result.validation';
import type { WorkPlan } from './work-plan';

export const ids = {
  item: '00000000-0000-4000-8000-000000000001',
  project: '00000000-0000-4000-8000-000000000002',
  annotate1: '00000000-0000-4000-8000-0000000000a1',
  inspect1: '00000000-0000-4000-8000-0000000000b1',
  annotate2: '00000000-0000-4000-8000-0000000000a2',
  inspect2: '00000000-0000-4000-8000-0000000000b2',
  ann: '00000000-0000-4000-8000-00000000aaaa',
  ann2: '00000000-0000-4000-8000-00000000aaab',
  insp: '00000000-0000-4000-8000-00000000bbbb',
  pm: '00000000-0000-4000-8000-00000000cccc',
  claim1: '00000000-0000-4000-8000-0000000c1a01',
  claim2: '00000000-0000-4000-8000-0000000c1a02',
  reason: '00000000-0000-4000-8000-00000000dead',
  errorGroup: '00000000-0000-4000-8000-00000000e440',
  tool: '00000000-0000-4000-8000-000000007001',
} as const;

/** annotation -> inspection -> annotation -> inspection, two reworks allowed, claims last 30 minutes. */
export const plan: WorkPlan = {
  links: [
    { id: ids.annotate1, type: 'annotation' },
    { id: ids.inspect1, type: 'inspection' },
    { id: ids.annotate2, type: 'annotation' },
    { id: ids.inspect2, type: 'inspection' },
  ],
  reworkMaxCount: 2,
  autoRecycleMinutes: 30,
  inspectorMayModify: false,
};

export const tagger = { id: ids.ann, manager: false };
export const otherTagger = { id: ids.ann2, manager: false };
export const inspector = { id: ids.insp, manager: false };
export const pm = { id: ids.pm, manager: true };

export const fresh = (linkId: string | null = ids.annotate1): ItemState => startItemState({ itemId: ids.item, projectId: ids.project, linkId });
export const given = (events: ItemEvent[], start: ItemState = fresh()): ItemState => foldItem(start, events);

const ref = { itemId: ids.item, projectId: ids.project };
const at = '2026-01-01T08:00:00.000Z';

/** Events as the deciders write them, for building histories tersely. */
export const happened = {
  claimed: (linkId: string, claimerId: string, claimId: string = ids.claim1, deadline: string | null = '2026-01-01T08:30:00.000Z'): ItemEvent => ({
    type: 'ItemClaimed',
    data: { ...ref, linkId, claimId, claimerId, claimedAt: at, deadline },
  }),
  saved: (linkId: string, by: string, resultVersion: number): ItemEvent => ({
    type: 'ResultSaved',
    data: { ...ref, linkId, resultVersion, savedBy: by, savedAt: at, objectCount: 0, result: { frameCount: 1, objects: [], attributes: {} } },
  }),
  submitted: (linkId: string, by: string, toLinkId: string, resultVersion = 1, claimId: string = ids.claim1): ItemEvent => ({
    type: 'ItemSubmitted',
    data: { ...ref, linkId, claimId, submittedBy: by, submittedAt: at, resultVersion, rework: false, toLinkId },
  }),
  passed: (linkId: string, by: string, toLinkId: string | null, resultVersion = 1): ItemEvent => ({
    type: 'ItemPassed',
    data: { ...ref, linkId, inspectorId: by, resultVersion, toLinkId },
  }),
  rejected: (linkId: string, by: string, toLinkId: string, reworkCount: number, preferredClaimerId: string | null = ids.ann): ItemEvent => ({
    type: 'ItemRejected',
    data: { ...ref, linkId, inspectorId: by, resultVersion: 1, marks: [], toLinkId, preferredClaimerId, reworkCount },
  }),
  held: (linkId: string, reworkCount: number): ItemEvent => ({ type: 'ItemHeld', data: { ...ref, linkId, reworkCount, reworkMaxCount: 2 } }),
  markedInvalid: (linkId: string, by: string): ItemEvent => ({ type: 'ItemMarkedInvalid', data: { ...ref, linkId, markedBy: by, reasonId: ids.reason } }),
  finished: (linkId: string): ItemEvent => ({ type: 'ItemFinished', data: { ...ref, linkId, resultVersion: 1, decidedBy: 'inspection' } }),
};

/** An item annotated by the tagger and claimed by the inspector in the first inspection link. */
export const inInspection = (): ItemState =>
  given([
    happened.claimed(ids.annotate1, ids.ann),
    happened.saved(ids.annotate1, ids.ann, 1),
    happened.submitted(ids.annotate1, ids.ann, ids.inspect1),
    happened.claimed(ids.inspect1, ids.insp, ids.claim2),
  ]);

/** A box tool "car" with a required single choice (instance) and an optional occlusion choice per frame. */
export const carTool = toolInput.parse({
  name: 'car',
  templateType: 'box',
  attributes: [
    { name: 'color', displayName: 'Color', exportName: 'color', type: 'single', required: true, instanceAttribute: true, options: [{ name: 'red' }, { name: 'blue' }] },
    { name: 'occluded', displayName: 'Occluded', exportName: 'occluded', type: 'single', frameAttribute: true, options: [{ name: 'yes' }, { name: 'no' }] },
  ],
});
export const resultConfig: ResultConfig = { tools: [{ toolId: ids.tool, toolVersion: 1, definition: carTool }], image: { width: 100, height: 80 } };

export const car = (over: Partial<ResultObject> = {}): ResultObject => ({
  id: 'car-1',
  toolId: ids.tool,
  toolVersion: 1,
  templateType: 'box',
  className: null,
  attributes: { color: 'red' },
  group: null,
  keyframes: [{ frame: 0, shape: { type: 'box', x: 10, y: 10, width: 20, height: 10 }, attributes: {}, outside: false, source: 'drawn' }],
  ...over,
});
export const resultWith = (...objects: ResultObject[]): ResultDocument => ({ frameCount: 1, objects, attributes: {} });
