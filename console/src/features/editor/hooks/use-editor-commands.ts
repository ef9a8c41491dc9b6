// What each command does on the canvas; the work-flow commands (save, submit, next, ...) are the screen's.
import { useCallback } from 'react';
import { useEditorSetup } from '../components/editor-setup';
import {
  copySelection,
  cycleSelection,
  deleteSelection,
  nudgeSelection,
  orderSelection,
  paste,
  toggleHidden,
  toggleLocked,
  zoomAt,
} from '../stores/editor-actions';
import { useEditorStore } from '../stores/editor-store';
import { acceptSelection, outsideSelection, stepFrame, stepKeyframe, togglePlaying } from '../stores/frame-actions';
import type { EditorCommand } from './editor-shortcuts';

export type FlowCommand = Extract<EditorCommand, 'save' | 'submit' | 'next_item' | 'previous_item' | 'release' | 'mark_invalid' | 'rule' | 'pass' | 'reject' | 'shortcuts' | 'fit' | 'delete_track'>;
const flowCommands = new Set<EditorCommand>(['save', 'submit', 'next_item', 'previous_item', 'release', 'mark_invalid', 'rule', 'pass', 'reject', 'shortcuts', 'fit', 'delete_track']);

const clamp = (value: number) => Math.min(300, Math.max(20, value));

export function useEditorCommands(flow: (command: FlowCommand) => void, viewport: () => { width: number; height: number }) {
  const store = useEditorStore();
  const setup = useEditorSetup();
  return useCallback(
    (command: EditorCommand) => {
      if (flowCommands.has(command)) return flow(command as FlowCommand);
      const state = store.getState();
      const centre = () => ({ x: viewport().width / 2, y: viewport().height / 2 });
      // One image pixel, so nudged coordinates stay whole.
      const step = 1;
      switch (command) {
        case 'select_mode':
          return store.modes.send({ type: 'tool.select' });
        case 'cancel':
          // The modes drop a drawing under way, then the tool in hand; with the selection tool Escape lets the selection go.
          if (store.modes.getSnapshot().can({ type: 'cancel' })) return store.modes.send({ type: 'cancel' });
          return store.set({ selected: new Set() });
        case 'finish':
          return store.modes.send({ type: 'draw.finish' });
        case 'undo':
          return store.undo();
        case 'redo':
          return store.redo();
        case 'delete':
          return deleteSelection(store, setup);
        case 'copy':
          return copySelection(store);
        case 'paste':
          return paste(store, setup);
        case 'select_all':
          return store.set({ selected: new Set(store.document().objects.filter((o) => !state.hidden.has(o.id) && !state.locked.has(o.id)).map((o) => o.id)) });
        case 'next_object':
          return cycleSelection(store, 1);
        case 'previous_object':
          return cycleSelection(store, -1);
        case 'bring_forward':
          return orderSelection(store, setup, 'forward');
        case 'send_backward':
          return orderSelection(store, setup, 'backward');
        case 'bring_front':
          return orderSelection(store, setup, 'front');
        case 'send_back':
          return orderSelection(store, setup, 'back');
        case 'hide':
          return toggleHidden(store);
        case 'lock':
          return toggleLocked(store);
        case 'nudge_left':
          return nudgeSelection(store, setup, -step, 0);
        case 'nudge_right':
          return nudgeSelection(store, setup, step, 0);
        case 'nudge_up':
          return nudgeSelection(store, setup, 0, -step);
        case 'nudge_down':
          return nudgeSelection(store, setup, 0, step);
        case 'actual_size':
          return zoomAt(store, 1 / state.view.scale, centre());
        case 'zoom_in':
          return zoomAt(store, 1.25, centre());
        case 'zoom_out':
          return zoomAt(store, 1 / 1.25, centre());
        case 'brighter':
          return store.set({ brightness: clamp(state.brightness + 10) });
        case 'darker':
          return store.set({ brightness: clamp(state.brightness - 10) });
        case 'more_contrast':
          return store.set({ contrast: clamp(state.contrast + 10) });
        case 'less_contrast':
          return store.set({ contrast: clamp(state.contrast - 10) });
        case 'reset_image':
          return store.set({ brightness: 100, contrast: 100 });
        case 'play':
          return togglePlaying(store);
        case 'next_frame':
          return stepFrame(store, 1);
        case 'previous_frame':
          return stepFrame(store, -1);
        case 'next_keyframe':
          return stepKeyframe(store, 1);
        case 'previous_keyframe':
          return stepKeyframe(store, -1);
        case 'accept_keyframe':
          return acceptSelection(store, setup);
        case 'outside':
          return outsideSelection(store, setup);
        case 'mark_mode':
          if (setup.inspecting) store.modes.send({ type: 'tool.mark' });
          return;
      }
    },
    [flow, store, setup, viewport],
  );
}
