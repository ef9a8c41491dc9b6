// The editor's tool modes as a machine: what a press on the canvas does now (select, draw a box, a path or a point,
// paint, place an inspection mark) and whether the hand pans instead. A drawing lives only in the state that draws
// it, so switching tools, changing frames or cancelling can never leave half a shape behind. Finished shapes, marks and
// marquees are emitted for the editor to turn into document changes; the machine itself holds no document.
import { and, assign, emit, setup, type SnapshotFrom, stateIn } from 'xstate';
import type { Point } from '@annot/workflows';

/** A shape being drawn: a box from its anchor, or the points of a path so far. */
export type Draft = { kind: 'box'; anchor: Point; pointer: Point } | { kind: 'path'; points: Point[]; pointer: Point | null };

/** The vertex last clicked on the selected object, so Delete removes it rather than the whole object. */
export interface PickedVertex {
  objectId: string;
  index: number;
}

export interface ToolModesContext {
  /** The drawing tool in hand, in every draw state and no other. */
  toolId: string | null;
  /** Points a path needs before it may end: three for a polygon, which closes, two for a line or a curve. */
  minPoints: number;
  /** A polygon ends by a click on its first point. */
  closes: boolean;
  draft: Draft | null;
  marquee: { from: Point; to: Point; additive: boolean } | null;
  vertex: PickedVertex | null;
  /** Space is down: the next press pans. */
  spaceHeld: boolean;
}

export type ToolModesEvent =
  | { type: 'tool.select' }
  /** `template` is the tool's template type; the machine picks how it draws from it. */
  | { type: 'tool.draw'; toolId: string; template: string }
  /** Mark mode on or off; the editor offers it only to inspectors. */
  | { type: 'tool.mark' }
  | { type: 'cancel' }
  | { type: 'draw.finish' }
  /** `reach` is the distance, in image pixels, within which a press lands on a point already drawn. */
  | { type: 'pointer.down'; at: Point; reach: number }
  | { type: 'pointer.move'; at: Point }
  | { type: 'pointer.up' }
  | { type: 'marquee.start'; at: Point; additive: boolean }
  | { type: 'vertex.pick'; vertex: PickedVertex }
  /** The document or the selection changed: the vertex picked may be gone. */
  | { type: 'vertex.drop' }
  | { type: 'frame.change' }
  | { type: 'hand.hold' }
  | { type: 'hand.release' }
  | { type: 'pan.start' }
  | { type: 'pan.end' };

export type ToolModesEmitted =
  | { type: 'box.drawn'; toolId: string; anchor: Point; pointer: Point }
  | { type: 'path.drawn'; toolId: string; points: Point[] }
  | { type: 'point.drawn'; toolId: string; at: Point }
  | { type: 'mark.placed'; at: Point; reach: number }
  | { type: 'marquee.drawn'; from: Point; to: Point; additive: boolean };

/** How each template type draws: by a drag, by clicks along a path, by one click, or on a surface of its own. */
const pathTemplates: Record<string, { minPoints: number; closes: boolean }> = {
  polygon: { minPoints: 3, closes: true },
  line: { minPoints: 2, closes: false },
  curve: { minPoints: 2, closes: false },
};

const pathOf = (draft: Draft | null): Point[] => (draft?.kind === 'path' ? draft.points : []);
const at = (event: ToolModesEvent): Point => (event.type === 'pointer.down' || event.type === 'pointer.move' || event.type === 'marquee.start' ? event.at : { x: 0, y: 0 });

export const toolModesMachine = setup({
  types: { context: {} as ToolModesContext, events: {} as ToolModesEvent, emitted: {} as ToolModesEmitted },
  guards: {
    handFree: stateIn({ hand: 'free' }),
    isBox: ({ event }) => event.type === 'tool.draw' && event.template === 'box',
    isPath: ({ event }) => event.type === 'tool.draw' && event.template in pathTemplates,
    isPoint: ({ event }) => event.type === 'tool.draw' && event.template === 'point',
    /** A press on the first point of a polygon with enough points closes it. */
    closesPath: ({ context, event }) => {
      const [first] = pathOf(context.draft);
      if (event.type !== 'pointer.down' || !context.closes || !first || pathOf(context.draft).length < context.minPoints) return false;
      return Math.hypot(event.at.x - first.x, event.at.y - first.y) <= event.reach * 1.5;
    },
    enoughPoints: ({ context }) => pathOf(context.draft).length >= context.minPoints,
    spaceHeld: ({ context }) => context.spaceHeld,
  },
  actions: {
    takeTool: assign(({ event }) => {
      if (event.type !== 'tool.draw') return {};
      const path = pathTemplates[event.template];
      return { toolId: event.toolId, minPoints: path?.minPoints ?? 0, closes: path?.closes ?? false };
    }),
    dropTool: assign({ toolId: null, minPoints: 0, closes: false }),
    dropDraft: assign({ draft: null }),
    anchorBox: assign({ draft: ({ event }) => ({ kind: 'box' as const, anchor: at(event), pointer: at(event) }) }),
    addPoint: assign({ draft: ({ context, event }) => ({ kind: 'path' as const, points: [...pathOf(context.draft), at(event)], pointer: at(event) }) }),
    follow: assign({ draft: ({ context, event }) => (context.draft ? { ...context.draft, pointer: at(event) } : null) }),
    // Only the dragging state emits it, whose entry anchored the box.
    emitBox: emit(({ context }) => {
      const box = context.draft as Extract<Draft, { kind: 'box' }>;
      return { type: 'box.drawn' as const, toolId: context.toolId ?? '', anchor: box.anchor, pointer: box.pointer };
    }),
    emitPath: emit(({ context }) => ({ type: 'path.drawn' as const, toolId: context.toolId ?? '', points: pathOf(context.draft) })),
    emitPoint: emit(({ context, event }) => ({ type: 'point.drawn' as const, toolId: context.toolId ?? '', at: at(event) })),
    emitMark: emit(({ event }) => ({ type: 'mark.placed' as const, at: at(event), reach: event.type === 'pointer.down' ? event.reach : 0 })),
    startMarquee: assign({ marquee: ({ event }) => ({ from: at(event), to: at(event), additive: event.type === 'marquee.start' && event.additive }) }),
    stretchMarquee: assign({ marquee: ({ context, event }) => (context.marquee ? { ...context.marquee, to: at(event) } : null) }),
    // Only the marquee state emits it, whose entry started the marquee.
    emitMarquee: emit(({ context }) => ({ type: 'marquee.drawn' as const, ...context.marquee! })),
    dropMarquee: assign({ marquee: null }),
    pickVertex: assign({ vertex: ({ event }) => (event.type === 'vertex.pick' ? event.vertex : null) }),
    dropVertex: assign({ vertex: null }),
    hold: assign({ spaceHeld: true }),
    release: assign({ spaceHeld: false }),
  },
}).createMachine({
  id: 'toolModes',
  type: 'parallel',
  context: { toolId: null, minPoints: 0, closes: false, draft: null, marquee: null, vertex: null, spaceHeld: false },
  states: {
    tool: {
      initial: 'select',
      on: {
        'tool.select': { target: '.select', reenter: true },
        // Taking a tool, even the one in hand, starts afresh: whatever was being drawn is dropped.
        'tool.draw': [
          { guard: 'isBox', target: '.draw.box', reenter: true, actions: 'takeTool' },
          { guard: 'isPath', target: '.draw.path', reenter: true, actions: 'takeTool' },
          { guard: 'isPoint', target: '.draw.point', reenter: true, actions: 'takeTool' },
          { target: '.draw.surface', reenter: true, actions: 'takeTool' },
        ],
      },
      states: {
        // The pointer selects, moves and marquees; the one object selected shows its handles to edit its vertices.
        // What a state draws is cleared on entering the states that draw nothing and on leaving the mode: an emitted
        // shape is read before that, as transition actions run before entry actions.
        select: {
          initial: 'idle',
          exit: ['dropMarquee', 'dropVertex'],
          on: { 'tool.mark': 'mark' },
          states: {
            idle: {
              entry: 'dropMarquee',
              on: {
                'marquee.start': { guard: 'handFree', target: 'marquee' },
                'vertex.pick': { target: 'vertex', actions: 'pickVertex' },
              },
            },
            marquee: {
              entry: 'startMarquee',
              on: {
                'pointer.move': { actions: 'stretchMarquee' },
                'pointer.up': { target: 'idle', actions: 'emitMarquee' },
                'frame.change': 'idle',
              },
            },
            // A vertex of the selected object is picked: Delete removes it.
            vertex: {
              exit: 'dropVertex',
              on: {
                'vertex.pick': { actions: 'pickVertex' },
                'vertex.drop': 'idle',
                'frame.change': 'idle',
                'marquee.start': { guard: 'handFree', target: 'marquee' },
              },
            },
          },
        },
        // Entered only with a tool, whose template names the state.
        draw: {
          initial: 'surface',
          exit: ['dropDraft', 'dropTool'],
          on: { 'tool.mark': 'mark' },
          states: {
            box: {
              initial: 'ready',
              on: { cancel: '#toolModes.tool.select' },
              states: {
                ready: { entry: 'dropDraft', on: { 'pointer.down': { guard: 'handFree', target: 'dragging' } } },
                dragging: {
                  entry: 'anchorBox',
                  on: {
                    'pointer.move': { actions: 'follow' },
                    'pointer.up': { target: 'ready', actions: 'emitBox' },
                    cancel: 'ready',
                    'frame.change': 'ready',
                  },
                },
              },
            },
            path: {
              initial: 'empty',
              on: { cancel: '#toolModes.tool.select' },
              states: {
                empty: { entry: 'dropDraft', on: { 'pointer.down': { guard: 'handFree', target: 'open', actions: 'addPoint' } } },
                // Points so far, the last one following the pointer; a polygon stays open until closed on its first point.
                open: {
                  on: {
                    'pointer.down': [
                      { guard: and(['handFree', 'closesPath']), target: 'empty', actions: 'emitPath' },
                      { guard: 'handFree', actions: 'addPoint' },
                    ],
                    'pointer.move': { actions: 'follow' },
                    'draw.finish': { guard: 'enoughPoints', target: 'empty', actions: 'emitPath' },
                    cancel: 'empty',
                    'frame.change': 'empty',
                  },
                },
              },
            },
            point: {
              on: { 'pointer.down': { guard: 'handFree', actions: 'emitPoint' }, cancel: '#toolModes.tool.select' },
            },
            // Masks, cuboids and point selections: the tool's own surface takes the pointer.
            surface: { on: { cancel: '#toolModes.tool.select' } },
          },
        },
        // An inspector pins marks where it presses.
        mark: {
          on: {
            'pointer.down': { guard: 'handFree', actions: 'emitMark' },
            'tool.mark': 'select',
            cancel: 'select',
          },
        },
      },
    },
    // The hand over every tool: space held or the middle button pans, and the drawing under way waits for it.
    hand: {
      initial: 'free',
      on: { 'hand.hold': { actions: 'hold' }, 'hand.release': { actions: 'release' } },
      states: {
        free: { on: { 'hand.hold': { target: 'held', actions: 'hold' }, 'pan.start': 'panning' } },
        held: { on: { 'hand.release': { target: 'free', actions: 'release' }, 'pan.start': 'panning' } },
        panning: { on: { 'pan.end': [{ guard: 'spaceHeld', target: 'held' }, { target: 'free' }] } },
      },
    },
  },
});

export type ToolModesSnapshot = SnapshotFrom<typeof toolModesMachine>;
