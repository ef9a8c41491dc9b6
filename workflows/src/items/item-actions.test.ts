// The item action table: every action named once and routed once, and the actions a reader is offered, read from the item's row.
import { describe, expect, it } from 'vitest';
import { allowedItemActions, decideItemAction, itemActionEvent, itemActionNames, itemActions, itemActionVerb, itemRefusals, itemRouteNames, itemStateOfRow } from './item-actions';
import { itemMachine } from './item.machine';
import { fresh, given, happened, ids, inInspection, plan, resultConfig } from './item.test-fixtures';
import type { ItemView } from './item.views';

const row = (over: Partial<ItemView>): ItemView => ({
  id: ids.item,
  batchId: ids.project,
  projectId: ids.project,
  linkId: ids.annotate1,
  fileName: 'a.jpg',
  mediaType: 'image/jpeg',
  width: 320,
  height: 240,
  frameCount: 1,
  status: 'claimed',
  claimerId: ids.ann,
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

const tagger = (id: string) => ({ id, role: '40', privateDeployment: false });
const pm = { id: ids.pm, role: '10', privateDeployment: false };
const supplier = { id: ids.pm, role: '30', privateDeployment: false };

describe('itemActions', () => {
  it('names every action once, each sending a machine event the item machine knows, the routed ones each on a path of its own', () => {
    for (const name of itemActionNames) expect(itemMachine.events).toContain(itemActionEvent(name));
    const routes = itemRouteNames.map((name) => `${itemActions[name].route.method} ${itemActionVerb(name)}`);
    expect(new Set(routes).size).toBe(routes.length);
    expect(itemActionVerb('mark_invalid')).toBe('mark-invalid');
    expect(itemActionVerb('save')).toBe('result');
  });

  it('lists only refusals the API knows how to answer', () => {
    for (const name of itemActionNames) for (const key of itemActions[name].refusals) expect(itemRefusals).toHaveProperty([key]);
  });
});

describe('decideItemAction', () => {
  it('runs the decider of the named action with its body', () => {
    const state = given([happened.claimed(ids.annotate1, ids.ann)]);
    const decision = decideItemAction({ name: 'mark_invalid', body: { reasonId: ids.reason } }, state, plan, { id: ids.ann, manager: false }, { config: null, now: new Date() });
    expect(decision).toMatchObject({ events: [{ type: 'ItemMarkedInvalid', data: { reasonId: ids.reason, markedBy: ids.ann } }] });
  });

  it('gives the refusal of the action, in the words of its table entry', () => {
    const decision = decideItemAction({ name: 'submit', body: {} }, fresh(), plan, { id: ids.ann, manager: false }, { config: resultConfig, now: new Date() });
    expect(decision).toMatchObject({ refusal: { messageKey: 'errors.invalid_transition', params: { from: 'pooled', event: 'item.submit' } } });
  });
});

describe('allowedItemActions', () => {
  it('offers its claimer save, submit, mark invalid and release on an annotation link', () => {
    expect(allowedItemActions(itemStateOfRow(row({}), null), plan, tagger(ids.ann))).toEqual(['save', 'submit', 'mark_invalid', 'release']);
  });

  it('offers nothing to a tagger who does not hold the item, nor to a supplier', () => {
    expect(allowedItemActions(itemStateOfRow(row({}), null), plan, tagger(ids.ann2))).toEqual([]);
    expect(allowedItemActions(itemStateOfRow(row({}), null), plan, supplier)).toEqual([]);
  });

  it('offers the inspector who holds the item pass, reject and release', () => {
    const item = row({ linkId: ids.inspect1, claimerId: ids.insp, submissionCount: 1 });
    expect(allowedItemActions(itemStateOfRow(item, null), plan, tagger(ids.insp))).toEqual(['pass', 'reject', 'release']);
  });

  it('asks the inspector to judge an invalid mark before passing, and lets them pass once it is confirmed', () => {
    const item = row({ linkId: ids.inspect1, claimerId: ids.insp, effective: false, invalidReasonId: ids.reason });
    expect(allowedItemActions(itemStateOfRow(item, 'pending'), plan, tagger(ids.insp))).toEqual(['confirm_invalid', 'overturn_invalid', 'reject', 'release']);
    expect(allowedItemActions(itemStateOfRow(item, 'confirmed'), plan, tagger(ids.insp))).toEqual(['pass', 'reject', 'release']);
  });

  it('offers the PM release, reject and recycle on a claimed inspection item, and recycle or accept on a held one', () => {
    const claimed = row({ linkId: ids.inspect1, claimerId: ids.insp });
    expect(allowedItemActions(itemStateOfRow(claimed, null), plan, pm)).toEqual(['reject', 'release', 'recycle']);
    const held = row({ linkId: ids.annotate1, status: 'held', claimerId: null, reworkCount: 3 });
    expect(allowedItemActions(itemStateOfRow(held, null), plan, pm)).toEqual(['recycle', 'accept']);
  });

  it('offers nothing on a deleted item', () => {
    expect(allowedItemActions(itemStateOfRow(row({ status: 'deleted' }), null), plan, pm)).toEqual([]);
  });

  it('reads the row as the stream would fold it for what the guards read', () => {
    const folded = inInspection();
    const fromRow = itemStateOfRow(row({ linkId: ids.inspect1, claimerId: ids.insp, submissionCount: 1 }), null)!;
    expect({ status: fromRow.status, linkId: fromRow.linkId, claimerId: fromRow.claimerId, effectiveness: fromRow.effectiveness }).toEqual({
      status: folded.status,
      linkId: folded.linkId,
      claimerId: folded.claimerId,
      effectiveness: folded.effectiveness,
    });
  });
});
