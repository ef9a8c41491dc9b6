import { describe, expect, it } from 'vitest';
import { commandFor, shortcuts, shortcutText, toolIndexFor, typingIn } from './editor-shortcuts';

const key = (init: KeyboardEventInit) => new KeyboardEvent('keydown', init);

describe('editor shortcuts', () => {
  describe(commandFor.name, () => {
    it('tells undo from redo by shift', () => {
      expect(commandFor(key({ key: 'z', ctrlKey: true }))).toBe('undo');
      expect(commandFor(key({ key: 'Z', ctrlKey: true, shiftKey: true }))).toBe('redo');
    });
    it('opens the sheet on ? whatever shift the layout needs', () => {
      expect(commandFor(key({ key: '?', shiftKey: true }))).toBe('shortcuts');
    });
    it('steps a frame with the period and comma, a keyframe with Ctrl', () => {
      expect(commandFor(key({ key: '.' }))).toBe('next_frame');
      expect(commandFor(key({ key: ',', ctrlKey: true }))).toBe('previous_keyframe');
      expect(commandFor(key({ key: 'Delete', ctrlKey: true }))).toBe('delete_track');
    });
    it('answers nothing for a key it does not know', () => {
      expect(commandFor(key({ key: 'q' }))).toBeNull();
    });
  });

  describe('the table', () => {
    it('gives no key combination two commands', () => {
      const combos = shortcuts.map((s) => `${s.ctrl}-${s.alt}-${s.shift}-${s.key}`);
      expect(new Set(combos).size).toBe(combos.length);
    });
    it('writes a command with every key it has', () => {
      expect(shortcutText('redo')).toBe('Ctrl+Shift+Z / Ctrl+Y');
    });
  });

  describe(toolIndexFor.name, () => {
    it('takes Shift with a digit as the tool at that place', () => {
      expect(toolIndexFor(key({ key: '!', code: 'Digit1', shiftKey: true }))).toBe(0);
      expect(toolIndexFor(key({ key: '1', code: 'Digit1' }))).toBeNull();
    });
  });

  describe(typingIn.name, () => {
    it('keeps shortcuts out of text fields', () => {
      expect(typingIn(document.createElement('input'))).toBe(true);
      expect(typingIn(document.createElement('textarea'))).toBe(true);
      expect(typingIn(document.createElement('div'))).toBe(false);
    });
  });
});
