// Cuboid tracks through the one interpolation: keyframes exact, yaw the short way round across ±π, slerp where a
// keyframe tilts, nothing in outside spans, 2D camera boxes blended beside them, and compactTrack giving back every
// frame of an expanded cuboid track; the packed timeline agreeing with shapeAt to the last bit.
import { describe, expect, it } from 'vitest';
import { cuboidRotation } from '../fusion/cuboid';
import { seededRandom } from '../quality/sampling/sample-draw';
import { cameraBoxesAt, compactTrack, quaternionAngles, rotationQuaternion, shapeAt, slerp, type TrackFrame, wrapAngle } from './interpolation';
import type { BoxShape, CuboidShape, Keyframe, Shape } from './result.schema';
import { TrackTimeline } from './track-timeline';

const seeds = Array.from({ length: 150 }, (_, i) => i + 1);
const frameCount = 120;
const cuboid = (x: number, yaw: number, over: Partial<CuboidShape> = {}): CuboidShape => ({ type: 'cuboid', x, y: 2, z: -1, length: 4.5, width: 1.8, height: 1.5, yaw, ...over });
const key = (frame: number, shape: Shape | null, over: Partial<Keyframe> = {}): Keyframe => ({ frame, shape, attributes: {}, outside: shape === null, source: 'drawn', ...over });

/** A generated cuboid track: keyframes at random frames, outside spans now and then, tilted on some seeds. */
function generatedTrack(seed: number): Keyframe[] {
  const random = seededRandom(seed);
  const between = (low: number, high: number) => low + random() * (high - low);
  const rounded = (low: number, high: number) => Math.round(between(low, high) * 100) / 100;
  const tilts = seed % 3 === 0;
  const keyframes: Keyframe[] = [];
  let frame = Math.floor(random() * 10);
  while (frame < frameCount) {
    const outside = keyframes.length > 0 && !keyframes[keyframes.length - 1].outside && random() < 0.2;
    const shape: CuboidShape = { type: 'cuboid', x: rounded(-50, 50), y: rounded(-50, 50), z: rounded(-2, 1), length: rounded(1, 6), width: rounded(0.5, 3), height: rounded(1, 3), yaw: between(-Math.PI, Math.PI), ...(tilts ? { pitch: between(-0.3, 0.3), roll: between(-0.3, 0.3) } : {}) };
    keyframes.push(key(frame, outside ? null : shape));
    frame += 1 + Math.floor(random() * 25);
  }
  return keyframes;
}

const maxRotationGap = (a: CuboidShape, b: CuboidShape) => {
  const [ra, rb] = [cuboidRotation(a), cuboidRotation(b)];
  return Math.max(...ra.map((v, i) => Math.abs(v - rb[i])));
};

function near(a: Shape | null, b: Shape | null, tolerance: number): boolean {
  if (a === null || b === null) return a === b;
  if (a.type !== 'cuboid' || b.type !== 'cuboid') return false;
  const linear = [a.x - b.x, a.y - b.y, a.z - b.z, a.length - b.length, a.width - b.width, a.height - b.height];
  return linear.every((d) => Math.abs(d) <= tolerance) && maxRotationGap(a, b) <= tolerance * 2;
}

describe('cuboid interpolation', () => {
  it('gives every visible keyframe its own cuboid, exactly, and nothing from an outside one', () => {
    for (const seed of seeds) {
      const keyframes = generatedTrack(seed);
      for (const k of keyframes) expect(shapeAt({ keyframes }, k.frame), `seed ${seed}`).toBe(k.outside ? null : k.shape);
      keyframes.forEach((k, i) => {
        if (k.outside && i > 0 && k.frame + 1 < (keyframes[i + 1]?.frame ?? frameCount)) expect(shapeAt({ keyframes }, k.frame + 1)).toBeNull();
      });
    }
  });

  it('moves the centre and size linearly and turns the yaw across the ±π wrap: 3.1 to -3.1 passes π, not 0', () => {
    const keyframes = [key(0, cuboid(0, 3.1, { length: 4 })), key(10, cuboid(10, -3.1, { length: 5 }))];
    const middle = shapeAt({ keyframes }, 5) as CuboidShape;
    expect(middle).toMatchObject({ x: 5, length: 4.5 });
    expect(Math.abs(wrapAngle(middle.yaw - Math.PI))).toBeLessThan(1e-12);
    const quarter = shapeAt({ keyframes }, 2) as CuboidShape;
    expect(wrapAngle(quarter.yaw - 3.1)).toBeCloseTo((2 * Math.PI - 6.2) * 0.2, 12);
    expect(middle.pitch).toBeUndefined();
    expect(middle.roll).toBeUndefined();
  });

  it('slerps where a keyframe tilts, the yaw still the short way across the wrap', () => {
    const keyframes = [key(0, cuboid(0, 3.1, { pitch: 0.1 })), key(10, cuboid(10, -3.1, { roll: 0.2 }))];
    const middle = shapeAt({ keyframes }, 5) as CuboidShape;
    expect(Math.abs(wrapAngle(middle.yaw - Math.PI))).toBeLessThan(0.02);
    expect(middle.pitch).toBeCloseTo(0.05, 2);
    expect(middle.roll).toBeCloseTo(0.1, 2);
  });

  it('slerp gives the ends at t = 0 and 1 and a unit quaternion in between', () => {
    const random = seededRandom(11);
    for (let i = 0; i < 200; i++) {
      const angles = () => [(random() - 0.5) * 2 * Math.PI, (random() - 0.5) * 2, (random() - 0.5) * 2 * Math.PI] as const;
      const [a, b] = [rotationQuaternion(...angles()), rotationQuaternion(...angles())];
      const same = (p: number[], q: number[]) => Math.min(Math.max(...p.map((v, j) => Math.abs(v - q[j]))), Math.max(...p.map((v, j) => Math.abs(v + q[j]))));
      expect(same(slerp(a, b, 0), a)).toBeLessThan(1e-12);
      expect(same(slerp(a, b, 1), b)).toBeLessThan(1e-12);
      for (const t of [0.1, 0.37, 0.5, 0.9]) expect(Math.hypot(...slerp(a, b, t))).toBeCloseTo(1, 12);
    }
  });

  it('reads back the rotation a quaternion was made of, as cuboidRotation builds it', () => {
    const random = seededRandom(5);
    for (let i = 0; i < 200; i++) {
      const [yaw, pitch, roll] = [(random() - 0.5) * 2 * Math.PI, (random() - 0.5) * 3, (random() - 0.5) * 2 * Math.PI];
      const [y2, p2, r2] = quaternionAngles(rotationQuaternion(yaw, pitch, roll));
      expect(maxRotationGap(cuboid(0, yaw, { pitch, roll }), cuboid(0, y2, { pitch: p2, roll: r2 }))).toBeLessThan(1e-9);
    }
  });

  it('holds a segment until the next keyframe, like a mask', () => {
    const segment = (counts: number[]): Shape => ({ type: 'segment', pointCount: 10, counts });
    const keyframes = [key(0, segment([2, 3, 5])), key(6, segment([0, 10]))];
    expect(shapeAt({ keyframes }, 5)).toEqual(segment([2, 3, 5]));
    expect(shapeAt({ keyframes }, 9)).toEqual(segment([0, 10]));
  });

  it('gives the same cuboids from a packed timeline as from shapeAt, to the last bit', () => {
    for (const seed of seeds.slice(0, 60)) {
      const tracks = [{ keyframes: generatedTrack(seed) }, { keyframes: generatedTrack(seed + 1000) }, { keyframes: generatedTrack(seed * 3) }];
      const timeline = new TrackTimeline(tracks);
      for (let frame = -1; frame <= frameCount; frame++) {
        const shapes = timeline.shapesAt(frame);
        tracks.forEach((track, i) => expect(JSON.stringify(shapes[i]), `seed ${seed} track ${i} frame ${frame}`).toBe(JSON.stringify(shapeAt(track, frame))));
      }
    }
  });

  it('compacts an expanded cuboid track into keyframes that give back every frame and its outside spans', () => {
    const differences: string[] = [];
    for (const seed of seeds) {
      const keyframes = generatedTrack(seed);
      const series: TrackFrame[] = Array.from({ length: frameCount }, (_, frame) => ({ frame, shape: shapeAt({ keyframes }, frame) })).filter((f) => f.shape !== null);
      const compacted = compactTrack(series, { frameCount });
      for (let frame = 0; frame < frameCount; frame++) {
        if (!near(shapeAt({ keyframes: compacted }, frame), shapeAt({ keyframes }, frame), 0.02)) differences.push(`seed ${seed} frame ${frame}`);
      }
      // Level cuboids blend exactly as drawn: no more keyframes than were drawn.
      if (seed % 3 !== 0 && compacted.length > keyframes.length) differences.push(`seed ${seed}: ${compacted.length} keyframes for ${keyframes.length}`);
    }
    expect(differences).toEqual([]);
  });

  it('unwraps the yaw frame to frame: a cuboid turning steadily through ±π needs only its two ends', () => {
    const keyframes = [key(0, cuboid(0, 2.8)), key(20, cuboid(20, -2.8))];
    const series = Array.from({ length: 21 }, (_, frame) => ({ frame, shape: shapeAt({ keyframes }, frame) }));
    expect(compactTrack(series, { frameCount: 21 }).map((k) => k.frame)).toEqual([0, 20]);
  });
});

describe('cameraBoxesAt', () => {
  const box = (x: number, width = 40): BoxShape => ({ type: 'box', x, y: 100, width, height: 30 });
  const keyframes = [
    key(0, cuboid(0, 0), { cameraBoxes: { front: box(100), left: box(10) } }),
    key(10, cuboid(10, 0), { cameraBoxes: { front: box(200, 60) } }),
    key(15, null),
    key(20, cuboid(20, 0), { cameraBoxes: { left: box(50) } }),
  ];

  it('blends a camera’s box between two keyframes that both have it, and holds one the next keyframe lacks', () => {
    expect(cameraBoxesAt({ keyframes }, 5)).toEqual({ front: box(150, 50), left: box(10) });
  });

  it('gives a keyframe its own boxes, nothing outside the scene, and holds after the last keyframe', () => {
    expect(cameraBoxesAt({ keyframes }, 10)).toEqual({ front: box(200, 60) });
    expect(cameraBoxesAt({ keyframes }, 16)).toEqual({});
    expect(cameraBoxesAt({ keyframes }, 90)).toEqual({ left: box(50) });
  });
});
