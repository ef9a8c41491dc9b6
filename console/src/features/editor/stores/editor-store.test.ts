import { describe, expect, it } from 'vitest';
import { addObjects, emptyResult, moveObjects, newObject, toolInput } from '@annot/workflows';
import { createEditorStore } from './editor-store';

const tool = { toolId: '00000000-0000-4000-8000-000000000001', toolVersion: 1, definition: toolInput.parse({ name: 'car', templateType: 'box' }) };
const withBox = (id: string) => addObjects(emptyResult(), [newObject(id, tool, { type: 'box', x: 0, y: 0, width: 10, height: 10 })]);

describe(createEditorStore.name, () => {
  it('counts each document change, the signal autosave reads', () => {
    const store = createEditorStore(emptyResult());
    store.commit(withBox('a'));
    expect(store.getState().revision).toBe(1);
    store.undo();
    expect(store.getState().revision).toBe(2);
    expect(store.document().objects).toEqual([]);
  });

  it('makes a drag one undo step, however many moves it took', () => {
    const store = createEditorStore(withBox('a'));
    const start = store.document();
    store.begin();
    for (let dx = 1; dx <= 5; dx++) store.preview(moveObjects(start, new Set(['a']), dx, 0));
    store.end();
    store.undo();
    expect(store.document()).toBe(start);
  });

  it('drops from the selection the objects an undo took away', () => {
    const store = createEditorStore(emptyResult());
    store.commit(withBox('a'));
    store.set({ selected: new Set(['a']) });
    store.undo();
    expect(store.getState().selected.size).toBe(0);
  });
});
