import { describe, expect, it } from 'vitest';
import { canRedo, canUndo, record, redo, replace, startHistory, undo } from './history';

describe('history', () => {
  describe(record.name, () => {
    it('keeps the state before each change', () => {
      const h = record(record(startHistory('a'), 'b'), 'c');
      expect(h.present).toBe('c');
      expect(h.past).toEqual(['a', 'b']);
    });
    it('ignores a change to the same state', () => {
      const h = startHistory('a');
      expect(record(h, 'a')).toBe(h);
    });
    it('drops the oldest steps past the limit', () => {
      let h = startHistory(0);
      for (let i = 1; i <= 10; i++) h = record(h, i, 3);
      expect(h.past).toEqual([7, 8, 9]);
    });
  });

  describe(undo.name, () => {
    it('goes back one change and can come forward again', () => {
      const h = undo(record(record(startHistory('a'), 'b'), 'c'));
      expect(h.present).toBe('b');
      expect(canRedo(h)).toBe(true);
      expect(redo(h).present).toBe('c');
    });
    it('does nothing at the start', () => {
      const h = startHistory('a');
      expect(undo(h)).toBe(h);
      expect(canUndo(h)).toBe(false);
    });
  });

  describe(redo.name, () => {
    it('is lost once a new change follows an undo', () => {
      const h = record(undo(record(startHistory('a'), 'b')), 'x');
      expect(canRedo(h)).toBe(false);
      expect(redo(h)).toBe(h);
      expect(undo(h).present).toBe('a');
    });
  });

  describe(replace.name, () => {
    it('changes the present without a step of its own', () => {
      const h = replace(record(startHistory('a'), 'b'), 'b2');
      expect(h.present).toBe('b2');
      expect(undo(h).present).toBe('a');
    });
  });
});
