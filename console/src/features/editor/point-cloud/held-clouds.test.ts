// The worker's side of the points-in-box count and the overlay: frames kept by handle, scanned there, let go.
import { describe, expect, it } from 'vitest';
import { type CuboidShape, frameToFrame } from '@annot/workflows';
import { HeldClouds } from './held-clouds';

const cloud = (...points: number[][]) => ({ count: points.length, positions: Float32Array.from(points.flat()) });
const box: CuboidShape = { type: 'cuboid', x: 10, y: 0, z: 0, length: 4, width: 2, height: 2, yaw: 0 };

describe(HeldClouds.name, () => {
  describe('countInside', () => {
    it('counts the points of the held frame inside the box', () => {
      const held = new HeldClouds();
      const handle = held.hold(cloud([10, 0, 0], [11.9, 0.9, 0.9], [12.1, 0, 0], [-10, 0, 0]));
      expect(held.countInside(handle, box)).toBe(2);
    });

    it('keeps its own copy, so the page may use or move the cloud it was handed', () => {
      const held = new HeldClouds();
      const given = cloud([10, 0, 0]);
      const handle = held.hold(given);
      given.positions.fill(100);
      expect(held.countInside(handle, box)).toBe(1);
    });

    it('answers null for a frame let go', () => {
      const held = new HeldClouds();
      const handle = held.hold(cloud([10, 0, 0]));
      held.release([handle]);
      expect(held.countInside(handle, box)).toBeNull();
      expect(held.size).toBe(0);
    });
  });

  describe('overlay', () => {
    it('moves each held earlier frame into the current one through its transform and leaves out frames let go', () => {
      const held = new HeldClouds();
      const earlier = held.hold(cloud([1, 0, 0]));
      const gone = held.hold(cloud([5, 5, 5]));
      const unposed = held.hold(cloud([2, 0, 0]));
      held.release([gone]);
      // The vehicle drove 3 m ahead between the earlier frame and the current one.
      const toCurrent = frameToFrame({ translation: [0, 0, 0], rotation: [1, 0, 0, 0] }, { translation: [3, 0, 0], rotation: [1, 0, 0, 0] });
      const out = held.overlay([
        { handle: earlier, toCurrent },
        { handle: gone, toCurrent },
        { handle: unposed, toCurrent: null },
      ]);
      expect([...out!]).toEqual([-2, 0, 0, 2, 0, 0]);
    });
  });
});
