// The editor's store: one undo step per change or drag, the selection kept to objects that exist, and what its
// changes tell the tool modes beside it.
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

describe('the store and its tool modes', () => {
  const polygon = { type: 'tool.draw', toolId: 'road', template: 'polygon' } as const;
  const press = (x: number, y: number) => ({ type: 'pointer.down', at: { x, y }, reach: 4 }) as const;

  it('drops a polygon being drawn when another frame comes on screen, however it came', () => {
    const store = createEditorStore(emptyResult(10));
    store.modes.send(polygon);
    store.modes.send(press(0, 0));
    store.modes.send(press(5, 0));
    store.set({ frame: 3 });
    expect(store.modes.getSnapshot().context.draft).toBeNull();
    expect(store.modes.getSnapshot().context.toolId).toBe('road');
  });

  it('forgets the vertex picked once the selection or the document changes', () => {
    const store = createEditorStore(withBox('a'));
    store.set({ selected: new Set(['a']) });
    store.modes.send({ type: 'vertex.pick', vertex: { objectId: 'a', index: 1 } });
    expect(store.modes.getSnapshot().context.vertex).toEqual({ objectId: 'a', index: 1 });
    store.set({ selected: new Set() });
    expect(store.modes.getSnapshot().context.vertex).toBeNull();
    store.modes.send({ type: 'vertex.pick', vertex: { objectId: 'a', index: 1 } });
    store.commit(moveObjects(store.document(), new Set(['a']), 1, 0));
    expect(store.modes.getSnapshot().context.vertex).toBeNull();
  });
});
