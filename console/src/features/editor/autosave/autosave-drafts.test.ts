// The browser's copy of unsaved work: kept until the server has it, never removed when newer work arrived meanwhile.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { emptyResult, type ResultDocument } from '@annot/workflows';
import { type Draft, readDraft, removeSavedDraft, restorable, writeDraft } from './autosave-drafts';

const withAttribute = (value: string): ResultDocument => ({ ...emptyResult(), attributes: { weather: value } });
const draft = (over: Partial<Draft>): Draft => ({ itemId: 'item-1', document: withAttribute('sun'), baseVersion: '4', revision: 1, savedAt: 1_000, ...over });

describe('drafts', () => {
  it('keeps a draft by item until the server has its revision', async () => {
    await writeDraft(draft({ revision: 2 }));
    await removeSavedDraft('item-1', 1);
    expect(await readDraft('item-1')).toMatchObject({ revision: 2, baseVersion: '4', savedAt: 1_000, document: withAttribute('sun') });
    await removeSavedDraft('item-1', 2);
    expect(await readDraft('item-1')).toBeUndefined();
  });
  it('keeps drafts of other items apart', async () => {
    await writeDraft(draft({ itemId: 'item-2' }));
    await writeDraft(draft({ itemId: 'item-3', document: withAttribute('rain') }));
    await removeSavedDraft('item-2', 5);
    expect(await readDraft('item-2')).toBeUndefined();
    expect((await readDraft('item-3'))?.document).toEqual(withAttribute('rain'));
  });
});

describe('restorable', () => {
  it('offers a draft made on the version the server still has, when it differs from the server document', () => {
    expect(restorable(draft({}), '4', emptyResult())).toMatchObject({ stale: false, document: withAttribute('sun') });
  });
  it('offers nothing when the server already has the same document', () => {
    expect(restorable(draft({}), '5', withAttribute('sun'))).toBeNull();
    expect(restorable(undefined, '5', emptyResult())).toBeNull();
  });
  it('marks stale a draft made on an older version than the server now has', () => {
    expect(restorable(draft({ baseVersion: '4' }), '9', emptyResult())).toMatchObject({ stale: true });
  });
});
