// Moving through a sequence and the track changes made at the frame on screen, for the timeline, its keys and buttons.
import { acceptFrame, changeObject, keyframeFrames, nextKeyframeFrame, outsideFrom, propagate, type ResultObject } from '@annot/workflows';
import type { EditorSetup } from '../components/editor-setup';
import type { EditorStore } from './editor-store';

export const frameCountOf = (store: EditorStore): number => store.document().frameCount;

/** Shows a frame; a drawing under way belongs to the frame it was started on and is dropped. */
export function goToFrame(store: EditorStore, frame: number): void {
  const target = Math.max(0, Math.min(frameCountOf(store) - 1, Math.round(frame)));
  const state = store.getState();
  if (target === state.frame) return;
  store.set({ frame: target });
}

export function stepFrame(store: EditorStore, step: number): void {
  goToFrame(store, store.getState().frame + step);
}

/** The selected tracks' next or previous keyframe, or any track's when nothing is selected. */
export function stepKeyframe(store: EditorStore, step: 1 | -1): void {
  const { selected, frame } = store.getState();
  const objects = store.document().objects;
  const chosen = selected.size > 0 ? objects.filter((o) => selected.has(o.id)) : objects;
  goToFrame(store, nextKeyframeFrame(keyframeFrames(chosen), frame, step));
}

/** Plays from the frame on screen, from the start when at the end; or pauses. */
export function togglePlaying(store: EditorStore): void {
  const { playing, frame } = store.getState();
  if (playing) return store.set({ playing: false });
  if (frameCountOf(store) < 2) return;
  store.set({ playing: true, ...(frame >= frameCountOf(store) - 1 ? { frame: 0 } : {}) });
}

function changeSelection(store: EditorStore, setup: EditorSetup, change: (object: ResultObject, frame: number) => ResultObject): void {
  const { selected, frame } = store.getState();
  if (setup.readOnly || selected.size === 0) return;
  store.commit([...selected].reduce((doc, id) => changeObject(doc, id, (o) => change(o, frame)), store.document()));
}

export function acceptSelection(store: EditorStore, setup: EditorSetup): void {
  changeSelection(store, setup, acceptFrame);
}

export function propagateSelection(store: EditorStore, setup: EditorSetup, count: number): void {
  if (!Number.isInteger(count) || count < 1) return;
  const frameCount = frameCountOf(store);
  changeSelection(store, setup, (o, frame) => propagate(o, frame, count, frameCount));
}

export function outsideSelection(store: EditorStore, setup: EditorSetup): void {
  changeSelection(store, setup, outsideFrom);
}
