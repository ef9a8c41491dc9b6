import { Group } from 'konva/lib/Group';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { addObjects, emptyResult, moveObjects, newObject, reorder, type ResultDocument, setShape, toolInput } from '@annot/workflows';
import { createObjectsSync, type ObjectsView } from './objects-sync';

const tool = { toolId: '00000000-0000-4000-8000-000000000001', toolVersion: 1, definition: toolInput.parse({ name: 'car', templateType: 'box' }) };
const box = (id: string, x: number) => newObject(id, tool, { type: 'box', x, y: 0, width: 10, height: 10 });
const none: ReadonlySet<string> = new Set();
const viewOf = (doc: ResultDocument, changes: Partial<ObjectsView> = {}): ObjectsView => ({
  objects: doc.objects,
  frame: 0,
  selected: none,
  hidden: none,
  flagged: none,
  unit: 1,
  colorOf: () => '#22c55e',
  ...changes,
});
const ids = (group: Group) => group.getChildren().map((node) => node.x());

// Konva tries a canvas once for a browser that blurs what it reads back; jsdom has no 2D context, so it gets a plain one.
beforeAll(() => {
  const plain = { clearRect() {}, fillRect() {}, getImageData: () => ({ data: new Uint8ClampedArray(400).fill(40).map((v, i) => (i % 4 === 3 ? 255 : v)) }) };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(plain as unknown as CanvasRenderingContext2D);
});

describe(createObjectsSync.name, () => {
  const doc = addObjects(emptyResult(), [box('a', 1), box('b', 2), box('c', 3)]);

  it('draws a node per object in the drawing order', () => {
    const group = new Group();
    expect(createObjectsSync(group).sync(viewOf(doc))).toBe(true);
    expect(ids(group)).toEqual([1, 2, 3]);
  });

  it('draws each object at the frame shown, between keyframes as the interpolation gives it, and none out of view', () => {
    const group = new Group();
    const nodes = createObjectsSync(group);
    const track = setShape({ ...emptyResult(10), objects: [box('a', 0)] }, 'a', { type: 'box', x: 40, y: 0, width: 10, height: 10 }, 4);
    const late = { ...track, objects: [...track.objects, newObject('b', tool, { type: 'box', x: 0, y: 0, width: 10, height: 10 }, 6)] };
    nodes.sync(viewOf(late, { frame: 1 }));
    expect(ids(group)).toEqual([10]);
    expect(nodes.sync(viewOf(late, { frame: 8 }))).toBe(true);
    expect(ids(group)).toEqual([40, 0]);
  });

  it('touches only the object that changed, and nothing when nothing it draws changed', () => {
    const group = new Group();
    const nodes = createObjectsSync(group);
    nodes.sync(viewOf(doc));
    const [a, b] = group.getChildren();
    const moved = moveObjects(doc, new Set(['b']), 5, 0);
    expect(nodes.sync(viewOf(moved))).toBe(true);
    expect(group.getChildren()[0]).toBe(a);
    expect(group.getChildren()[1]).toBe(b);
    expect(b.x()).toBe(7);
    expect(nodes.sync(viewOf(moved))).toBe(false);
  });

  it('shows the selection and keeps line widths on screen as the zoom changes', () => {
    const group = new Group();
    const nodes = createObjectsSync(group);
    nodes.sync(viewOf(doc));
    nodes.sync(viewOf(doc, { selected: new Set(['a']), unit: 0.5 }));
    const [a, b] = group.getChildren() as unknown as { strokeWidth(): number; fill(): string | undefined }[];
    expect(a.strokeWidth()).toBe(1.5);
    expect(a.fill()).toBe('#22c55e33');
    expect(b.strokeWidth()).toBe(1);
  });

  it('leaves hidden objects out and brings them back in their place', () => {
    const group = new Group();
    const nodes = createObjectsSync(group);
    nodes.sync(viewOf(doc, { hidden: new Set(['b']) }));
    expect(ids(group)).toEqual([1, 3]);
    nodes.sync(viewOf(doc));
    expect(ids(group)).toEqual([1, 2, 3]);
  });

  it('follows the z-order and removes deleted objects', () => {
    const group = new Group();
    const nodes = createObjectsSync(group);
    nodes.sync(viewOf(doc));
    nodes.sync(viewOf(reorder(doc, new Set(['a']), 'front')));
    expect(ids(group)).toEqual([2, 3, 1]);
    nodes.sync(viewOf({ ...doc, objects: doc.objects.slice(1) }));
    expect(ids(group)).toEqual([2, 3]);
  });
});
