// The editor's keys in one table: the keyboard handler reads it, and so does the shortcut sheet, so the sheet
// can never tell of a key that does nothing.
export type EditorCommand =
  | 'select_mode'
  | 'cancel'
  | 'finish'
  | 'undo'
  | 'redo'
  | 'delete'
  | 'copy'
  | 'paste'
  | 'select_all'
  | 'next_object'
  | 'previous_object'
  | 'bring_forward'
  | 'send_backward'
  | 'bring_front'
  | 'send_back'
  | 'hide'
  | 'lock'
  | 'nudge_left'
  | 'nudge_right'
  | 'nudge_up'
  | 'nudge_down'
  | 'fit'
  | 'actual_size'
  | 'zoom_in'
  | 'zoom_out'
  | 'brighter'
  | 'darker'
  | 'more_contrast'
  | 'less_contrast'
  | 'reset_image'
  | 'save'
  | 'submit'
  | 'next_item'
  | 'previous_item'
  | 'release'
  | 'mark_invalid'
  | 'rule'
  | 'mark_mode'
  | 'pass'
  | 'reject'
  | 'shortcuts'
  | 'play'
  | 'next_frame'
  | 'previous_frame'
  | 'next_keyframe'
  | 'previous_keyframe'
  | 'accept_keyframe'
  | 'outside'
  | 'delete_track'
  | 'cuboid_turn_left'
  | 'cuboid_turn_right'
  | 'cuboid_raise'
  | 'cuboid_lower'
  | 'cuboid_longer'
  | 'cuboid_shorter'
  | 'cuboid_wider'
  | 'cuboid_narrower'
  | 'cuboid_taller'
  | 'cuboid_lower_roof'
  | 'auto_track';

/** The editor a key belongs to: every key works in both but those of one kind of item only. */
export type ShortcutScope = 'image' | 'cloud';

export interface Shortcut {
  command: EditorCommand;
  /** As KeyboardEvent.key names it (lower case for letters). */
  key: string;
  ctrl?: boolean;
  shift?: boolean;
  alt?: boolean;
  /** Only in the image editor or only in the point-cloud editor; absent for both. */
  only?: ShortcutScope;
}

export const shortcuts: Shortcut[] = [
  { command: 'select_mode', key: 'v' },
  { command: 'cancel', key: 'Escape' },
  { command: 'finish', key: 'Enter' },
  { command: 'undo', key: 'z', ctrl: true },
  { command: 'redo', key: 'z', ctrl: true, shift: true },
  { command: 'redo', key: 'y', ctrl: true },
  { command: 'delete', key: 'Delete' },
  { command: 'delete', key: 'Backspace' },
  { command: 'copy', key: 'c', ctrl: true },
  { command: 'paste', key: 'v', ctrl: true },
  { command: 'select_all', key: 'a', ctrl: true },
  { command: 'next_object', key: 'Tab' },
  { command: 'previous_object', key: 'Tab', shift: true },
  { command: 'bring_forward', key: ']' },
  { command: 'send_backward', key: '[' },
  { command: 'bring_front', key: ']', ctrl: true },
  { command: 'send_back', key: '[', ctrl: true },
  { command: 'hide', key: 'h' },
  { command: 'lock', key: 'l' },
  { command: 'nudge_left', key: 'ArrowLeft' },
  { command: 'nudge_right', key: 'ArrowRight' },
  { command: 'nudge_up', key: 'ArrowUp' },
  { command: 'nudge_down', key: 'ArrowDown' },
  { command: 'fit', key: 'f' },
  { command: 'actual_size', key: 'r' },
  { command: 'zoom_in', key: '=' },
  { command: 'zoom_out', key: '-' },
  { command: 'brighter', key: 'b' },
  { command: 'darker', key: 'b', shift: true },
  { command: 'more_contrast', key: 'k' },
  { command: 'less_contrast', key: 'k', shift: true },
  { command: 'reset_image', key: 'b', alt: true },
  { command: 'save', key: 's', ctrl: true },
  { command: 'submit', key: 'Enter', ctrl: true },
  { command: 'next_item', key: 'PageDown' },
  { command: 'previous_item', key: 'PageUp' },
  { command: 'release', key: 'r', alt: true },
  { command: 'mark_invalid', key: 'i', alt: true },
  { command: 'rule', key: 'u' },
  { command: 'mark_mode', key: 'm' },
  { command: 'pass', key: 'p', alt: true },
  { command: 'reject', key: 'j', alt: true },
  { command: 'shortcuts', key: '?', shift: true },
  // A sequence's frames and tracks; on a single picture they have nothing to act on.
  { command: 'play', key: 'p' },
  { command: 'next_frame', key: '.' },
  { command: 'previous_frame', key: ',' },
  { command: 'next_keyframe', key: '.', ctrl: true },
  { command: 'previous_keyframe', key: ',', ctrl: true },
  { command: 'accept_keyframe', key: 'n' },
  { command: 'outside', key: 'o' },
  { command: 'delete_track', key: 'Delete', ctrl: true },
  // A cuboid in a point cloud: the arrows move it along its heading and across it, these turn, lift and size it.
  { command: 'cuboid_turn_left', key: 'q', only: 'cloud' },
  { command: 'cuboid_turn_right', key: 'e', only: 'cloud' },
  { command: 'cuboid_raise', key: 'w', only: 'cloud' },
  { command: 'cuboid_lower', key: 's', only: 'cloud' },
  { command: 'cuboid_longer', key: 'ArrowUp', alt: true, only: 'cloud' },
  { command: 'cuboid_shorter', key: 'ArrowDown', alt: true, only: 'cloud' },
  { command: 'cuboid_wider', key: 'ArrowRight', alt: true, only: 'cloud' },
  { command: 'cuboid_narrower', key: 'ArrowLeft', alt: true, only: 'cloud' },
  { command: 'cuboid_taller', key: 'w', alt: true, only: 'cloud' },
  { command: 'cuboid_lower_roof', key: 's', alt: true, only: 'cloud' },
  { command: 'auto_track', key: 't', only: 'cloud' },
];

/** The table as one editor answers it. */
export const shortcutsOf = (scope: ShortcutScope): Shortcut[] => shortcuts.filter((s) => !s.only || s.only === scope);

/** Letters compare without case; shift is then read from the event itself. */
const keyOf = (event: KeyboardEvent): string => (event.key.length === 1 ? event.key.toLowerCase() : event.key);

export function commandFor(event: KeyboardEvent, scope: ShortcutScope = 'image'): EditorCommand | null {
  const key = keyOf(event);
  const ctrl = event.ctrlKey || event.metaKey;
  // '?' needs shift on most layouts and is named by the key it gives, so its shift is not compared.
  const match = shortcutsOf(scope).find((s) => s.key === key && !!s.ctrl === ctrl && !!s.alt === event.altKey && (s.key === '?' || !!s.shift === event.shiftKey));
  return match?.command ?? null;
}

/** Shortcut text as the sheet and the buttons' titles show it. */
export function shortcutText(command: EditorCommand): string {
  return shortcuts
    .filter((s) => s.command === command)
    .map((s) => [s.ctrl && 'Ctrl', s.alt && 'Alt', s.shift && s.key !== '?' && 'Shift', s.key.length === 1 ? s.key.toUpperCase() : s.key].filter(Boolean).join('+'))
    .join(' / ');
}

/** Typing in a field is never a shortcut. */
export function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Tools take Shift with a digit, by their place in the toolbar; plain digits are left to option hotkeys. */
export function toolIndexFor(event: KeyboardEvent): number | null {
  if (!event.shiftKey || event.ctrlKey || event.metaKey || event.altKey) return null;
  const match = /^Digit([1-9])$/.exec(event.code);
  return match ? Number(match[1]) - 1 : null;
}
