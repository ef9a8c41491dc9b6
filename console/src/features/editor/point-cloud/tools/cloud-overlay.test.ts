// Earlier frames overlaid on the current one: a thing standing still in the world lands where the current frame sees it.
import { describe, expect, it } from 'vitest';
import type { EgoPose } from '@annot/workflows';
import { frameToFrame } from '@annot/workflows';
import { overlaidFrames, overlayAligned, overlayPositions } from './cloud-overlay';

/** A pose turned by `yaw` about the vertical, w-first as ego poses are stored. */
const pose = (translation: [number, number, number], yaw: number): EgoPose => ({ translation, rotation: [Math.cos(yaw / 2), 0, 0, Math.sin(yaw / 2)] });

/** Where the vehicle at `at` sees a point of the world: atᵀ·(world − translation), for a turn about the vertical. */
function seenFrom(at: { translation: number[]; yaw: number }, world: number[]): number[] {
  const [dx, dy, dz] = [world[0] - at.translation[0], world[1] - at.translation[1], world[2] - at.translation[2]];
  const [c, s] = [Math.cos(at.yaw), Math.sin(at.yaw)];
  return [c * dx + s * dy, -s * dx + c * dy, dz];
}

const expectNear = (actual: ArrayLike<number>, expected: number[]) => expected.forEach((value, i) => expect(actual[i]).toBeCloseTo(value, 4));

describe(overlayPositions.name, () => {
  it('moves an earlier frame into the current frame through both ego poses', () => {
    const earlier = { translation: [2, -1, 0.1] as [number, number, number], yaw: 0.3 };
    const current = { translation: [12, 3, 0.4] as [number, number, number], yaw: Math.PI / 2 };
    const pole = [18, 6, 1.5];
    const positions = Float32Array.from(seenFrom(earlier, pole));
    const toCurrent = frameToFrame(pose(earlier.translation, earlier.yaw), pose(current.translation, current.yaw));
    const out = overlayPositions([{ count: 1, positions, toCurrent }]);
    // The vehicle drove on and turned left: the pole once ahead on its left is now ahead on its right.
    expectNear(out!, seenFrom(current, pole));
    expectNear(out!, [3, -6, 1.1]);
  });

  it('keeps a frame where it is when either frame has no ego pose', () => {
    expect(frameToFrame(null, pose([1, 2, 3], 0.5))).toBeNull();
    expect(frameToFrame(pose([1, 2, 3], 0.5), undefined)).toBeNull();
    const positions = Float32Array.from([1, 2, 3, 4, 5, 6]);
    expect([...overlayPositions([{ count: 2, positions, toCurrent: null }])!]).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('leaves the current frame itself unmoved', () => {
    const at = pose([5, -7, 0.2], 2.1);
    expectNear(frameToFrame(at, at)!, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
  });

  it('thins every frame by one stride to stay within the budget, moving each kept point', () => {
    const positions = Float32Array.from({ length: 30 }, (_, i) => Math.floor(i / 3));
    const shift = frameToFrame(pose([10, 0, 0], 0), pose([0, 0, 0], 0));
    const out = overlayPositions([{ count: 10, positions, toCurrent: shift }, { count: 10, positions }], 10);
    // Twenty points under a budget of ten: every second point of each frame.
    expect(out!.length).toBe(30);
    expectNear(out!.subarray(0, 6), [10, 0, 0, 12, 2, 2]);
    expectNear(out!.subarray(15, 21), [0, 0, 0, 2, 2, 2]);
  });
});

describe(overlayAligned.name, () => {
  const posed = pose([1, 2, 0], 0.1);

  it('is aligned where every overlaid frame and the current one have an ego pose', () => {
    expect(overlaidFrames(4, 3)).toEqual([3, 2, 1]);
    expect(overlayAligned(overlaidFrames(4, 3), [null, posed, posed, posed, posed], 4)).toBe(true);
  });

  it('is not aligned where the item has no ego poses, or an overlaid frame or the current one lacks its pose', () => {
    expect(overlayAligned(overlaidFrames(4, 3), undefined, 4)).toBe(false);
    expect(overlayAligned(overlaidFrames(4, 3), [], 4)).toBe(false);
    expect(overlayAligned(overlaidFrames(4, 3), [posed, posed, null, posed, posed], 4)).toBe(false);
    expect(overlayAligned(overlaidFrames(4, 3), [posed, posed, posed, posed, null], 4)).toBe(false);
  });

  it('overlays nothing before the first frame', () => {
    expect(overlaidFrames(0, 5)).toEqual([]);
    expect(overlaidFrames(2, 5)).toEqual([1, 0]);
  });
});
