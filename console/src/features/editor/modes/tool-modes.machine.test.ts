// The editor's tool modes, one describe per state: what a press, a key and a change of tool do in each, and that no
// drawing outlives the state that draws it.
import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { type ToolModesEmitted, type ToolModesEvent, toolModesMachine, type ToolModesSnapshot } from './tool-modes.machine';

const box = { type: 'tool.draw', toolId: 'car', template: 'box' } as const;
const polygon = { type: 'tool.draw', toolId: 'road', template: 'polygon' } as const;
const line = { type: 'tool.draw', toolId: 'lane', template: 'line' } as const;
const point = { type: 'tool.draw', toolId: 'light', template: 'point' } as const;
const mask = { type: 'tool.draw', toolId: 'sky', template: 'mask' } as const;
const down = (x: number, y: number): ToolModesEvent => ({ type: 'pointer.down', at: { x, y }, reach: 4 });
const move = (x: number, y: number): ToolModesEvent => ({ type: 'pointer.move', at: { x, y } });
const up: ToolModesEvent = { type: 'pointer.up' };

/** The snapshot after the events, and what the last one emitted. */
function run(...events: ToolModesEvent[]): { snapshot: ToolModesSnapshot; emitted: ToolModesEmitted[] } {
  let [snapshot] = initialTransition(toolModesMachine);
  let emitted: ToolModesEmitted[] = [];
  for (const event of events) {
    const [next, actions] = transition(toolModesMachine, snapshot, event);
    snapshot = next;
    // Emitted events come back as executable actions of their own kind, which the machine's action names do not list.
    emitted = (actions as { type: string; params?: unknown }[]).flatMap((action) => (action.type === 'xstate.emit' ? [(action.params as { event: ToolModesEmitted }).event] : []));
  }
  return { snapshot, emitted };
}
const stateOf = (...events: ToolModesEvent[]) => run(...events).snapshot;
const openTriangle = [polygon, down(0, 0), down(100, 0), down(100, 100)] as const;

describe('select', () => {
  it('is where the editor starts, with nothing drawn, no tool in hand and the hand free', () => {
    const snapshot = stateOf();
    expect(snapshot.value).toEqual({ tool: { select: 'idle' }, hand: 'free' });
    expect(snapshot.context).toMatchObject({ toolId: null, draft: null, marquee: null, vertex: null });
  });
  it('takes a drawing tool or mark mode', () => {
    expect(stateOf(box).matches({ tool: { draw: 'box' } })).toBe(true);
    expect(stateOf({ type: 'tool.mark' }).matches({ tool: 'mark' })).toBe(true);
  });
  it('leaves a press on the canvas to the selection, and Escape to clearing it', () => {
    expect(stateOf(down(5, 5)).value).toEqual({ tool: { select: 'idle' }, hand: 'free' });
    expect(stateOf().can({ type: 'cancel' })).toBe(false);
  });
});

describe('select.marquee', () => {
  it('stretches from the press to the pointer and selects what it covers on release', () => {
    const { snapshot, emitted } = run({ type: 'marquee.start', at: { x: 1, y: 2 }, additive: true }, move(30, 40), up);
    expect(snapshot.matches({ tool: { select: 'idle' } })).toBe(true);
    expect(emitted).toEqual([{ type: 'marquee.drawn', from: { x: 1, y: 2 }, to: { x: 30, y: 40 }, additive: true }]);
    expect(snapshot.context.marquee).toBeNull();
  });
  it('shows the rectangle while it is drawn', () => {
    expect(stateOf({ type: 'marquee.start', at: { x: 1, y: 2 }, additive: false }, move(30, 40)).context.marquee).toEqual({ from: { x: 1, y: 2 }, to: { x: 30, y: 40 }, additive: false });
  });
  it('is dropped, selecting nothing, when the frame changes under it', () => {
    const { snapshot, emitted } = run({ type: 'marquee.start', at: { x: 1, y: 2 }, additive: false }, { type: 'frame.change' });
    expect(snapshot.context.marquee).toBeNull();
    expect(emitted).toEqual([]);
  });
});

describe('select.vertex', () => {
  const picked = { type: 'vertex.pick', vertex: { objectId: 'a', index: 2 } } as const;
  it('remembers the vertex picked, for Delete to remove it', () => {
    expect(stateOf(picked).context.vertex).toEqual({ objectId: 'a', index: 2 });
    expect(stateOf(picked, { type: 'vertex.pick', vertex: { objectId: 'a', index: 3 } }).context.vertex).toEqual({ objectId: 'a', index: 3 });
  });
  it('forgets it when the document or the selection changes, on another frame, and with another tool', () => {
    for (const after of [{ type: 'vertex.drop' }, { type: 'frame.change' }, box, { type: 'tool.mark' }] as ToolModesEvent[]) expect(stateOf(picked, after).context.vertex).toBeNull();
  });
});

describe('draw.box', () => {
  it('drags a box from the press to the release and stays ready for the next', () => {
    const { snapshot, emitted } = run(box, down(10, 10), move(50, 60), up);
    expect(emitted).toEqual([{ type: 'box.drawn', toolId: 'car', anchor: { x: 10, y: 10 }, pointer: { x: 50, y: 60 } }]);
    expect(snapshot.matches({ tool: { draw: { box: 'ready' } } })).toBe(true);
    expect(snapshot.context.draft).toBeNull();
  });
  it('shows the box while it is dragged', () => {
    expect(stateOf(box, down(10, 10), move(50, 60)).context.draft).toEqual({ kind: 'box', anchor: { x: 10, y: 10 }, pointer: { x: 50, y: 60 } });
  });
  it('drops a box being dragged on Escape, and puts the tool down on a second Escape', () => {
    const dropped = run(box, down(10, 10), move(50, 60), { type: 'cancel' });
    expect(dropped.snapshot.matches({ tool: { draw: { box: 'ready' } } })).toBe(true);
    expect(dropped.snapshot.context.draft).toBeNull();
    expect(dropped.emitted).toEqual([]);
    const down2 = transition(toolModesMachine, dropped.snapshot, { type: 'cancel' })[0];
    expect(down2.matches({ tool: 'select' })).toBe(true);
    expect(down2.context.toolId).toBeNull();
  });
});

describe('draw.path', () => {
  it('adds a point on each press, the last following the pointer', () => {
    expect(stateOf(polygon, down(0, 0), down(100, 0), move(80, 80)).context.draft).toEqual({ kind: 'path', points: [{ x: 0, y: 0 }, { x: 100, y: 0 }], pointer: { x: 80, y: 80 } });
    expect(stateOf(polygon, down(0, 0)).matches({ tool: { draw: { path: 'open' } } })).toBe(true);
  });
  it('closes a polygon by a press on its first point once it has three, and is ready for the next', () => {
    const { snapshot, emitted } = run(...openTriangle, down(1, 1));
    expect(emitted).toEqual([{ type: 'path.drawn', toolId: 'road', points: [{ x: 0, y: 0 }, { x: 100, y: 0 }, { x: 100, y: 100 }] }]);
    expect(snapshot.matches({ tool: { draw: { path: 'empty' } } })).toBe(true);
    expect(snapshot.context.draft).toBeNull();
  });
  it('does not close a polygon of two points on its first point: the press is another point', () => {
    const { snapshot, emitted } = run(polygon, down(0, 0), down(100, 0), down(1, 1));
    expect(emitted).toEqual([]);
    expect(snapshot.context.draft).toMatchObject({ points: [{ x: 0, y: 0 }, { x: 100, y: 0 }, { x: 1, y: 1 }] });
  });
  it('ends on Enter only with enough points: two for a line, three for a polygon', () => {
    expect(run(line, down(0, 0), down(9, 9), { type: 'draw.finish' }).emitted).toEqual([{ type: 'path.drawn', toolId: 'lane', points: [{ x: 0, y: 0 }, { x: 9, y: 9 }] }]);
    const short = run(polygon, down(0, 0), down(9, 9), { type: 'draw.finish' });
    expect(short.emitted).toEqual([]);
    expect(short.snapshot.matches({ tool: { draw: { path: 'open' } } })).toBe(true);
  });
  it('a line never closes on its first point', () => {
    expect(run(line, down(0, 0), down(100, 0), down(100, 100), down(0, 0)).emitted).toEqual([]);
  });
  it('drops a half-drawn polygon on Escape, keeping the tool, and puts the tool down on a second Escape', () => {
    const once = stateOf(...openTriangle, { type: 'cancel' });
    expect(once.matches({ tool: { draw: { path: 'empty' } } })).toBe(true);
    expect(once.context).toMatchObject({ draft: null, toolId: 'road' });
    expect(transition(toolModesMachine, once, { type: 'cancel' })[0].matches({ tool: 'select' })).toBe(true);
  });
  it('drops a half-drawn polygon, unfinished and unsaved, when another tool, the same tool, selection or mark mode is taken', () => {
    for (const next of [box, polygon, { type: 'tool.select' }, { type: 'tool.mark' }] as ToolModesEvent[]) {
      const { snapshot, emitted } = run(...openTriangle, next);
      expect(snapshot.context.draft).toBeNull();
      expect(emitted).toEqual([]);
    }
  });
  it('drops a half-drawn polygon when the frame changes: it belongs to the frame it was started on', () => {
    expect(stateOf(...openTriangle, { type: 'frame.change' }).context.draft).toBeNull();
  });
  it('keeps a half-drawn polygon while the hand pans, and goes on adding points after', () => {
    const panned = stateOf(...openTriangle, { type: 'hand.hold' }, { type: 'pan.start' }, down(500, 500), { type: 'pan.end' }, { type: 'hand.release' }, down(0, 100));
    expect(panned.context.draft).toMatchObject({ points: [{ x: 0, y: 0 }, { x: 100, y: 0 }, { x: 100, y: 100 }, { x: 0, y: 100 }] });
  });
});

describe('draw.point', () => {
  it('places a point on each press', () => {
    const { snapshot, emitted } = run(point, down(7, 8));
    expect(emitted).toEqual([{ type: 'point.drawn', toolId: 'light', at: { x: 7, y: 8 } }]);
    expect(snapshot.context.draft).toBeNull();
  });
});

describe('draw.surface', () => {
  it('holds a mask tool whose own surface takes the pointer, drawing nothing itself', () => {
    const { snapshot, emitted } = run(mask, down(7, 8), up);
    expect(snapshot.matches({ tool: { draw: 'surface' } })).toBe(true);
    expect(snapshot.context.toolId).toBe('sky');
    expect(emitted).toEqual([]);
  });
  it('puts the tool down on Escape', () => {
    expect(stateOf(mask, { type: 'cancel' }).context.toolId).toBeNull();
  });
});

describe('mark', () => {
  it('places a mark where the inspector presses', () => {
    expect(run({ type: 'tool.mark' }, down(3, 4)).emitted).toEqual([{ type: 'mark.placed', at: { x: 3, y: 4 }, reach: 4 }]);
  });
  it('is left by M again, by Escape or for a tool', () => {
    expect(stateOf({ type: 'tool.mark' }, { type: 'tool.mark' }).matches({ tool: 'select' })).toBe(true);
    expect(stateOf({ type: 'tool.mark' }, { type: 'cancel' }).matches({ tool: 'select' })).toBe(true);
    expect(stateOf({ type: 'tool.mark' }, box).matches({ tool: { draw: 'box' } })).toBe(true);
  });
});

describe('hand.held', () => {
  it('lets a press pan instead of drawing, selecting or marking', () => {
    expect(run(box, { type: 'hand.hold' }, down(10, 10)).snapshot.context.draft).toBeNull();
    expect(run({ type: 'tool.mark' }, { type: 'hand.hold' }, down(3, 4)).emitted).toEqual([]);
    expect(stateOf({ type: 'hand.hold' }, { type: 'marquee.start', at: { x: 1, y: 1 }, additive: false }).context.marquee).toBeNull();
    expect(stateOf({ type: 'hand.hold' }, { type: 'pan.start' }).matches({ hand: 'panning' })).toBe(true);
  });
  it('frees the hand when space comes up', () => {
    expect(stateOf({ type: 'hand.hold' }, { type: 'hand.release' }).matches({ hand: 'free' })).toBe(true);
  });
});

describe('hand.panning', () => {
  it('goes back to held while space is still down, else to free', () => {
    expect(stateOf({ type: 'hand.hold' }, { type: 'pan.start' }, { type: 'pan.end' }).matches({ hand: 'held' })).toBe(true);
    expect(stateOf({ type: 'hand.hold' }, { type: 'pan.start' }, { type: 'hand.release' }, { type: 'pan.end' }).matches({ hand: 'free' })).toBe(true);
    // The middle button pans without space.
    expect(stateOf({ type: 'pan.start' }, { type: 'pan.end' }).matches({ hand: 'free' })).toBe(true);
  });
  it('keeps the tool in hand while it pans', () => {
    expect(stateOf(polygon, { type: 'pan.start' }).matches({ tool: { draw: { path: 'empty' } } })).toBe(true);
  });
});
