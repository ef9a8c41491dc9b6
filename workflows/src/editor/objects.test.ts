import { describe, expect, it } from 'vitest';
import { toolInput } from '../catalog/tool.schemas';
import { emptyResult } from '../items/result.schema';
import { submitIssues } from '../items/result.validation';
import { optionHotkeys } from './hotkeys';
import { addObjects, copiesOf, defaultValues, deleteObjects, moveObjects, newObject, pickOption, reorder, setObjectAttribute } from './objects';

const definition = toolInput.parse({
  name: 'car',
  templateType: 'box',
  attributes: [
    { name: 'color', displayName: 'Color', exportName: 'color', type: 'single', required: true, options: [{ name: 'red', hotkey: '1' }, { name: 'blue', hotkey: '2' }] },
    { name: 'parts', displayName: 'Parts', exportName: 'parts', type: 'multiple', defaultItem: 'door', options: [{ name: 'door' }, { name: 'wheel' }] },
    { name: 'speed', displayName: 'Speed', exportName: 'speed', type: 'single', frameAttribute: true, defaultItem: 'slow', options: [{ name: 'slow' }, { name: 'fast' }] },
  ],
});
const tool = { toolId: '00000000-0000-4000-8000-000000000001', toolVersion: 1, definition };
const box = (x: number) => ({ type: 'box' as const, x, y: 0, width: 10, height: 10 });
const doc = (...ids: string[]) => addObjects(emptyResult(), ids.map((id, i) => newObject(id, tool, box(i * 20))));

describe('editor objects', () => {
  describe(newObject.name, () => {
    it('fills defaults where the tool keeps them', () => {
      const object = newObject('a', tool, box(0));
      expect(object.attributes).toEqual({ parts: ['door'] });
      expect(object.keyframes[0].attributes).toEqual({ speed: 'slow' });
      expect(object.className).toBe('car');
    });
    it('leaves a required attribute without default for the submit check to name', () => {
      const issues = submitIssues(doc('a'), { tools: [tool], image: null });
      expect(issues).toEqual([expect.objectContaining({ objectId: 'a', attribute: 'color', messageKey: 'items.result.attribute_required' })]);
    });
  });

  describe(defaultValues.name, () => {
    it('skips attributes without a default', () => {
      expect(defaultValues(definition.attributes.slice(0, 1))).toEqual({});
    });
  });

  describe(setObjectAttribute.name, () => {
    it('answers the submit check once set', () => {
      const next = setObjectAttribute(doc('a'), 'a', definition.attributes[0], 'red');
      expect(submitIssues(next, { tools: [tool], image: null })).toEqual([]);
    });
    it('puts a frame attribute on the keyframe', () => {
      const next = setObjectAttribute(doc('a'), 'a', definition.attributes[2], 'fast');
      expect(next.objects[0].keyframes[0].attributes.speed).toBe('fast');
    });
    it('removes the value when emptied', () => {
      const next = setObjectAttribute(doc('a'), 'a', definition.attributes[1], []);
      expect(next.objects[0].attributes).toEqual({});
    });
  });

  describe(pickOption.name, () => {
    it('toggles an option of a multiple choice', () => {
      expect(pickOption(definition.attributes[1], ['door'], 'wheel')).toEqual(['door', 'wheel']);
      expect(pickOption(definition.attributes[1], ['door', 'wheel'], 'door')).toEqual(['wheel']);
      expect(pickOption(definition.attributes[0], 'red', 'blue')).toBe('blue');
    });
  });

  describe(optionHotkeys.name, () => {
    it('maps each option hotkey to its attribute and option', () => {
      const keys = optionHotkeys(definition.attributes);
      expect(keys.get('2')).toEqual({ attribute: definition.attributes[0], option: 'blue' });
    });
  });

  describe(reorder.name, () => {
    const ids = (d: ReturnType<typeof doc>) => d.objects.map((o) => o.id).join('');
    it('brings to front and sends to back', () => {
      expect(ids(reorder(doc('a', 'b', 'c'), new Set(['a']), 'front'))).toBe('bca');
      expect(ids(reorder(doc('a', 'b', 'c'), new Set(['c']), 'back'))).toBe('cab');
    });
    it('moves one step, and not past another selected object', () => {
      expect(ids(reorder(doc('a', 'b', 'c'), new Set(['a']), 'forward'))).toBe('bac');
      expect(ids(reorder(doc('a', 'b', 'c'), new Set(['b', 'c']), 'forward'))).toBe('abc');
      expect(ids(reorder(doc('a', 'b', 'c'), new Set(['c']), 'backward'))).toBe('acb');
    });
  });

  describe(copiesOf.name, () => {
    it('gives copies fresh ids and shifts them', () => {
      let n = 0;
      const copies = copiesOf(doc('a').objects, () => `copy${++n}`, 10);
      expect(copies[0].id).toBe('copy1');
      expect(copies[0].keyframes[0].shape).toEqual({ ...box(0), x: 10, y: 10 });
    });
  });

  describe(moveObjects.name, () => {
    it('moves only the chosen objects and keeps the document when nothing moves', () => {
      const d = doc('a', 'b');
      expect(moveObjects(d, new Set(['b']), 5, 5).objects[0]).toBe(d.objects[0]);
      expect(moveObjects(d, new Set(['b']), 0, 0)).toBe(d);
    });
  });

  describe(deleteObjects.name, () => {
    it('removes the chosen objects', () => {
      expect(deleteObjects(doc('a', 'b'), new Set(['a'])).objects.map((o) => o.id)).toEqual(['b']);
    });
  });
});
