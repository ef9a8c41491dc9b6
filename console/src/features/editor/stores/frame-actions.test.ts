import { describe, expect, it } from 'vitest';
import { addObjects, emptyResult, newObject, setShape, shapeAt, toolInput } from '@annot/workflows';
import type { EditorSetup } from '../components/editor-setup';
import { deleteSelection, deleteTracks, editableObjects } from './editor-actions';
import { createEditorStore } from './editor-store';
import { goToFrame, outsideSelection, propagateSelection, stepKeyframe, togglePlaying } from './frame-actions';

const tool = { toolId: '00000000-0000-4000-8000-000000000001', toolVersion: 1, definition: toolInput.parse({ name: 'car', templateType: 'box' }) };
const box = (x: number) => ({ type: 'box' as const, x, y: 0, width: 10, height: 10 });
const setup: EditorSetup = { tools: [tool], colorOf: () => '#fff', readOnly: false, inspecting: false, itemAttributes: [], groups: [], image: null };

/** A 30-frame sequence with one car keyed at frames 0 and 10, selected. */
function sequence() {
  const doc = setShape(addObjects(emptyResult(30), [newObject('car', tool, box(0))]), 'car', box(100), 10);
  const store = createEditorStore(doc);
  store.set({ selected: new Set(['car']) });
  return store;
}

describe('frame actions', () => {
  it('keeps the frame within the sequence', () => {
    const store = sequence();
    goToFrame(store, 99);
    expect(store.getState().frame).toBe(29);
    goToFrame(store, -3);
    expect(store.getState().frame).toBe(0);
  });

  it('steps to the selected track\'s keyframes', () => {
    const store = sequence();
    stepKeyframe(store, 1);
    expect(store.getState().frame).toBe(10);
    stepKeyframe(store, 1);
    expect(store.getState().frame).toBe(10);
  });

  it('picks objects where the frame shows them', () => {
    const store = sequence();
    goToFrame(store, 5);
    expect(editableObjects(store)).toEqual([{ id: 'car', shape: box(50) }]);
  });

  it('deletes at the frame in a sequence and keeps the track, and deletes the track only when asked', () => {
    const store = sequence();
    goToFrame(store, 10);
    deleteSelection(store, setup);
    const track = store.document().objects[0];
    expect(track.keyframes.map((k) => k.frame)).toEqual([0]);
    deleteTracks(store, setup, new Set(['car']));
    expect(store.document().objects).toEqual([]);
  });

  it('copies forward and goes outside from the frame, one undo step each', () => {
    const store = sequence();
    goToFrame(store, 10);
    propagateSelection(store, setup, 3);
    expect(store.document().objects[0].keyframes.map((k) => [k.frame, k.source])).toEqual([
      [0, 'drawn'],
      [10, 'drawn'],
      [11, 'copied'],
      [12, 'copied'],
      [13, 'copied'],
    ]);
    goToFrame(store, 20);
    outsideSelection(store, setup);
    expect(shapeAt(store.document().objects[0], 22)).toBeNull();
    store.undo();
    expect(shapeAt(store.document().objects[0], 22)).toEqual(box(100));
  });

  it('plays from the start when at the end, and pauses', () => {
    const store = sequence();
    goToFrame(store, 29);
    togglePlaying(store);
    expect(store.getState()).toMatchObject({ playing: true, frame: 0 });
    togglePlaying(store);
    expect(store.getState().playing).toBe(false);
  });
});
