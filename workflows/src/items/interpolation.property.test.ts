// Properties of the interpolation over many generated tracks (seeded, so a failure names the seed that gives it
// back): keyframes are reproduced exactly, angles turn the short way, outside spans hold nothing, and compactTrack
// gives back keyframes that reproduce every frame of an expanded track.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../quality/sampling/sample-draw';
import { compactTrack, frameAttributesAt, mixAngle, shapeAt, type TrackFrame, wrapAngle } from './interpolation';
import { TrackTimeline } from './track-timeline';
import type { Keyframe, Shape } from './result.schema';

const seeds = Array.from({ length: 200 }, (_, i) => i + 1);
const frameCount = 120;

/** A generated track of one kind of shape: visible keyframes and outside spans at random frames, frame values now and then. */
function generatedTrack(seed: number, kind: 'box' | 'point' | 'polygon' | 'line'): Keyframe[] {
  const random = seededRandom(seed);
  const between = (low: number, high: number) => low + random() * (high - low);
  const rounded = (low: number, high: number) => Math.round(between(low, high) * 100) / 100;
  const shape = (): Shape => {
    if (kind === 'box') return { type: 'box', x: rounded(0, 600), y: rounded(0, 400), width: rounded(1, 200), height: rounded(1, 200), ...(random() < 0.7 ? { rotation: between(-10, 10) } : {}) };
    if (kind === 'point') return { type: 'point', x: rounded(0, 600), y: rounded(0, 400) };
    const count = 3 + Math.floor(random() * 5);
    return { type: kind, points: Array.from({ length: count }, () => ({ x: rounded(0, 600), y: rounded(0, 400) })) };
  };
  const keyframes: Keyframe[] = [];
  let frame = Math.floor(random() * 10);
  while (frame < frameCount) {
    const outside = keyframes.length > 0 && !keyframes[keyframes.length - 1].outside && random() < 0.2;
    const attributes = random() < 0.3 ? { occluded: random() < 0.5 ? 'yes' : 'no' } : {};
    keyframes.push({ frame, shape: outside ? null : shape(), attributes: outside ? {} : attributes, outside, source: 'drawn' });
    frame += 1 + Math.floor(random() * 25);
  }
  return keyframes;
}

/** What a per-frame file holds: the shape and frame values at every frame where the object is in the scene. */
const expand = (keyframes: Keyframe[]): TrackFrame[] =>
  Array.from({ length: frameCount }, (_, frame) => ({ frame, shape: shapeAt({ keyframes }, frame), attributes: frameAttributesAt({ keyframes }, frame) })).filter((f) => f.shape !== null);

const attributeText = (values: object) => JSON.stringify(Object.entries(values).sort());

/** Whether two shapes are the same within the tolerance (a rotation compared round the circle). */
function near(a: Shape | null, b: Shape | null, tolerance: number): boolean {
  if (a === null || b === null) return a === b;
  if (a.type !== b.type) return false;
  if (a.type === 'box' && b.type === 'box') {
    return [a.x - b.x, a.y - b.y, a.width - b.width, a.height - b.height, wrapAngle((a.rotation ?? 0) - (b.rotation ?? 0))].every((d) => Math.abs(d) <= tolerance);
  }
  if (a.type === 'point' && b.type === 'point') return Math.abs(a.x - b.x) <= tolerance && Math.abs(a.y - b.y) <= tolerance;
  if ('points' in a && 'points' in b) return a.points.length === b.points.length && a.points.every((p, i) => Math.abs(p.x - b.points[i].x) <= tolerance && Math.abs(p.y - b.points[i].y) <= tolerance);
  return false;
}

describe('interpolation properties', () => {
  it('gives every visible keyframe its own shape, exactly, and nothing at an outside one', () => {
    const differences: string[] = [];
    for (const seed of seeds) {
      for (const kind of ['box', 'point', 'polygon', 'line'] as const) {
        const keyframes = generatedTrack(seed, kind);
        for (const k of keyframes) if (shapeAt({ keyframes }, k.frame) !== (k.outside ? null : k.shape)) differences.push(`seed ${seed} ${kind} frame ${k.frame}`);
      }
    }
    expect(differences).toEqual([]);
  });

  it('gives nothing before the first keyframe and from an outside keyframe until the next visible one', () => {
    const differences: string[] = [];
    for (const seed of seeds) {
      const keyframes = generatedTrack(seed, 'box');
      for (let frame = 0; frame < frameCount; frame++) {
        const last = keyframes.findLast((k) => k.frame <= frame);
        const inScene = last !== undefined && !last.outside;
        if ((shapeAt({ keyframes }, frame) !== null) !== inScene) differences.push(`seed ${seed} frame ${frame}`);
      }
    }
    expect(differences).toEqual([]);
  });

  it('gives the same shapes from a packed timeline as from shapeAt, to the last bit, for boxes and other shapes alike', () => {
    const differences: string[] = [];
    for (const seed of seeds.slice(0, 50)) {
      const tracks = (['box', 'box', 'point', 'polygon'] as const).map((kind, i) => ({ keyframes: generatedTrack(seed * 10 + i, kind) }));
      // Keyframes on every frame for a while, then sparse ones: bunched far closer than the timeline's buckets.
      const bunched = [...Array.from({ length: 30 }, (_, f) => ({ ...generatedTrack(seed, 'box')[0], frame: f + 2 })), ...generatedTrack(seed + 1, 'box').filter((k) => k.frame > 40)];
      tracks.push({ keyframes: bunched });
      const timeline = new TrackTimeline(tracks);
      for (let frame = -1; frame <= frameCount; frame++) {
        const shapes = timeline.shapesAt(frame);
        tracks.forEach((track, i) => {
          if (JSON.stringify(shapes[i]) !== JSON.stringify(shapeAt(track, frame))) differences.push(`seed ${seed} track ${i} frame ${frame}`);
        });
      }
    }
    expect(differences).toEqual([]);
  });

  it('never blends across an outside span: the frame before it shows the earlier keyframe’s shape', () => {
    for (const seed of seeds) {
      const keyframes = generatedTrack(seed, 'point');
      keyframes.forEach((k, i) => {
        if (k.outside && i > 0 && k.frame - 1 > keyframes[i - 1].frame) expect(shapeAt({ keyframes }, k.frame - 1)).toEqual(keyframes[i - 1].shape);
      });
    }
  });

  it('turns along the shorter arc: 359° to 1° passes 0°, and a blend never turns further than half a turn', () => {
    const degrees = (d: number) => (d * Math.PI) / 180;
    expect(mixAngle(degrees(359), degrees(1), 0.5)).toBeCloseTo(0, 12);
    expect(mixAngle(degrees(1), degrees(359), 0.5)).toBeCloseTo(0, 12);
    expect(mixAngle(degrees(359), degrees(1), 0.25)).toBeCloseTo(degrees(-0.5), 12);
    for (const seed of seeds) {
      const random = seededRandom(seed);
      const a = (random() - 0.5) * 40;
      const b = (random() - 0.5) * 40;
      const gap = Math.abs(wrapAngle(b - a));
      // Every step of the blend stays on the short arc: its distance from both ends adds up to the gap between them.
      for (const t of [0, 0.1, 0.5, 0.9, 1]) {
        const at = mixAngle(a, b, t);
        expect(Math.abs(wrapAngle(at - a)) + Math.abs(wrapAngle(b - at)), `seed ${seed} t ${t}`).toBeCloseTo(gap, 9);
        expect(Math.abs(wrapAngle(at - a))).toBeCloseTo(gap * t, 9);
      }
    }
  });

  it('compacts an expanded track into keyframes that give back every frame, its frame values and its outside spans', () => {
    const differences: string[] = [];
    for (const seed of seeds) {
      for (const kind of ['box', 'point', 'polygon', 'line'] as const) {
        const keyframes = generatedTrack(seed, kind);
        const compacted = compactTrack(expand(keyframes), { frameCount });
        for (let frame = 0; frame < frameCount; frame++) {
          const drawn = shapeAt({ keyframes }, frame);
          if (!near(shapeAt({ keyframes: compacted }, frame), drawn, 0.02)) differences.push(`seed ${seed} ${kind} frame ${frame}: shape`);
          else if (drawn && attributeText(frameAttributesAt({ keyframes: compacted }, frame)) !== attributeText(frameAttributesAt({ keyframes }, frame))) differences.push(`seed ${seed} ${kind} frame ${frame}: values`);
        }
        // A track whose shapes keep their size needs no more keyframes than it was drawn with.
        if ((kind === 'box' || kind === 'point') && compacted.length > keyframes.length) differences.push(`seed ${seed} ${kind}: ${compacted.length} keyframes for ${keyframes.length}`);
      }
    }
    expect(differences).toEqual([]);
  });

  it('gives keyframes only, not frames: a box gliding over 3,000 frames with a turn every 30 becomes one keyframe per turn', () => {
    const random = seededRandom(7);
    const turns = Array.from({ length: 101 }, () => ({ x: random() * 600, y: random() * 400 }));
    const drawn: Keyframe[] = turns.map((p, i) => ({ frame: i * 30, shape: { type: 'box', x: p.x, y: p.y, width: 40, height: 30 }, attributes: {}, outside: false, source: 'drawn' }));
    const series = Array.from({ length: 3001 }, (_, frame) => ({ frame, shape: shapeAt({ keyframes: drawn }, frame) }));
    const compacted = compactTrack(series, { frameCount: 3001 });
    expect(compacted.map((k) => k.frame)).toEqual(drawn.map((k) => k.frame));
  });

  it('marks gaps of a per-frame series outside, and the frame after the last one held unless the sequence ends there', () => {
    const at = (frame: number, x: number): TrackFrame => ({ frame, shape: { type: 'point', x, y: 0 } });
    const compacted = compactTrack([at(2, 0), at(3, 1), at(4, 2), at(8, 8), at(9, 9)], { frameCount: 20 });
    expect(compacted.map((k) => [k.frame, k.outside, k.shape && (k.shape as { x: number }).x])).toEqual([
      [2, false, 0],
      [4, false, 2],
      [5, true, null],
      [8, false, 8],
      [9, false, 9],
      [10, true, null],
    ]);
    expect(compactTrack([at(0, 0), at(1, 1)], { frameCount: 2 }).map((k) => k.outside)).toEqual([false, false]);
  });
});
