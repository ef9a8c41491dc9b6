import { describe, expect, it } from 'vitest';
import type { CuboidShape } from '@annot/workflows';
import { dragHandle, handleAt, knobAhead, nudgeCuboid } from './cuboid-handles';

const box: CuboidShape = { type: 'cuboid', x: 10, y: 5, z: -1, length: 4, width: 2, height: 1.5, yaw: Math.PI / 2 };

describe('cuboid handles', () => {
  describe('handleAt', () => {
    it('finds the front edge of a box turned a quarter, the knob ahead of it and its inside', () => {
      // Turned a quarter, its front faces +y.
      expect(handleAt('top', box, [10, 7, -1], 0.1)).toEqual({ kind: 'edge', axis: 0, side: 1 });
      expect(handleAt('top', box, [10, 5 + knobAhead(box, 0.1), -1], 0.1)).toEqual({ kind: 'turn' });
      expect(handleAt('top', box, [10.2, 5.3, -1], 0.1)).toEqual({ kind: 'move' });
      expect(handleAt('top', box, [20, 5, -1], 0.1)).toBeNull();
    });

    it('finds the top face in the side view', () => {
      expect(handleAt('side', box, [10, 5, -0.25], 0.1)).toEqual({ kind: 'edge', axis: 2, side: 1 });
    });
  });

  describe('dragHandle', () => {
    it('pulls the front edge out while the back edge stays', () => {
      const longer = dragHandle('top', box, { kind: 'edge', axis: 0, side: 1 }, [10, 7, -1], [10, 8, -1]);
      expect(longer.length).toBeCloseTo(5);
      expect(longer.y - longer.length / 2).toBeCloseTo(3);
      expect(longer.x).toBeCloseTo(10);
    });

    it('raises the roof in the side view keeping the floor', () => {
      const taller = dragHandle('side', box, { kind: 'edge', axis: 2, side: 1 }, [10, 5, -0.25], [10, 5, 0.25]);
      expect(taller.height).toBeCloseTo(2);
      expect(taller.z - taller.height / 2).toBeCloseTo(-1.75);
    });

    it('turns the box towards the pointer and moves it with the pointer', () => {
      expect(dragHandle('top', box, { kind: 'turn' }, [10, 8, -1], [13, 5, -1]).yaw).toBeCloseTo(0);
      expect(dragHandle('top', box, { kind: 'move' }, [10, 5, -1], [11, 4, -1])).toMatchObject({ x: 11, y: 4, z: -1 });
    });
  });

  describe('nudgeCuboid', () => {
    it('moves ahead along the heading and grows the length', () => {
      const next = nudgeCuboid(box, { move: [0.5, 0, 0], grow: [0.2, 0, 0] });
      expect(next.x).toBeCloseTo(10);
      expect(next.y).toBeCloseTo(5.5);
      expect(next.length).toBeCloseTo(4.2);
    });
  });
});
