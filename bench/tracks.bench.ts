// Track queries: the objects in the scene at a frame, computed from keyframes by the shared interpolation, against
// the same shapes materialized as a per-frame array, in the same run; and the bytes each takes as saved JSON. 200
// tracks over 3,000 frames with a keyframe every 20 to 40 frames, some boxes turning, some leaving the scene for a
// while, frame values changing now and then.
import { type Keyframe, type ResultObject, seededRandom, type Shape, shapeAt, TrackTimeline } from '@annot/workflows';
import type { BenchDatabase } from './support/bench-database';
import type { Figure } from './support/figures';

const tracks = 200;
const frameCount = 3_000;
/** Each way is measured for a second, in turn, five times; its best second counts, so a neighbour's burst of work skews neither. */
const seconds = 1;
const rounds = 5;

function generatedTracks(): ResultObject[] {
  const random = seededRandom(16);
  const round = (v: number) => Math.round(v * 100) / 100;
  return Array.from({ length: tracks }, (_, t) => {
    const keyframes: Keyframe[] = [];
    const turning = random() < 0.3;
    let frame = Math.floor(random() * 30);
    while (frame < frameCount) {
      const outside = keyframes.length > 0 && !keyframes[keyframes.length - 1].outside && random() < 0.05;
      const shape: Shape = { type: 'box', x: round(random() * 1800), y: round(random() * 1000), width: round(20 + random() * 200), height: round(20 + random() * 150), ...(turning ? { rotation: round((random() - 0.5) * 6) } : {}) };
      keyframes.push({ frame, shape: outside ? null : shape, attributes: !outside && random() < 0.2 ? { occluded: random() < 0.5 ? 'yes' : 'no' } : {}, outside, source: 'drawn' });
      frame += 20 + Math.floor(random() * 21);
    }
    return { id: `track-${t + 1}`, toolId: '00000000-0000-4000-8000-000000000001', toolVersion: 1, templateType: 'box', className: null, attributes: { category: 'car' }, group: null, keyframes };
  });
}

interface InScene {
  object: ResultObject;
  shape: Shape;
}

/** The objects in the scene at a frame, from keyframes through the timeline the exporters use (shapeAt's numbers, packed). */
function fromKeyframes(objects: ResultObject[], timeline: TrackTimeline, frame: number): InScene[] {
  const inScene: InScene[] = [];
  const shapes = timeline.shapesAt(frame);
  for (let i = 0; i < objects.length; i++) {
    const shape = shapes[i];
    if (shape) inScene.push({ object: objects[i], shape });
  }
  return inScene;
}

/** The same with shapeAt asked track by track, for information: the keyframe objects followed on every question. */
function fromShapeAt(objects: ResultObject[], frame: number): InScene[] {
  const inScene: InScene[] = [];
  for (const object of objects) {
    const shape = shapeAt(object, frame);
    if (shape) inScene.push({ object, shape });
  }
  return inScene;
}

/** The same from a per-frame array holding every object's shape (or null) at every frame. */
function fromMaterialized(objects: ResultObject[], frames: (Shape | null)[][], frame: number): InScene[] {
  const inScene: InScene[] = [];
  const shapes = frames[frame];
  for (let i = 0; i < objects.length; i++) {
    const shape = shapes[i];
    if (shape) inScene.push({ object: objects[i], shape });
  }
  return inScene;
}

/** Frames per second of one way of asking, over the same random order of frames; the boxes' x are summed so nothing is optimized away. */
function framesPerSecond(order: number[], ask: (frame: number) => InScene[]): { rate: number; sum: number } {
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  let done = 0;
  let sum = 0;
  while (performance.now() < deadline) {
    for (let i = 0; i < 500; i++) {
      for (const { shape } of ask(order[(done + i) % order.length])) sum += shape.type === 'box' ? shape.x : 0;
    }
    done += 500;
  }
  return { rate: done / ((performance.now() - started) / 1000), sum };
}

export async function tracksBench(_bench: BenchDatabase, log: (line: string) => void): Promise<Figure[]> {
  const objects = generatedTracks();
  const packing = performance.now();
  const timeline = new TrackTimeline(objects);
  const packMs = performance.now() - packing;
  const frames = Array.from({ length: frameCount }, (_, frame) => objects.map((object) => shapeAt(object, frame)));
  const document = { frameCount, objects, attributes: {} };
  const materialized = { frameCount, objects: objects.map(({ keyframes: _, ...rest }) => rest), frames };
  const keyframeBytes = Buffer.byteLength(JSON.stringify(document));
  const materializedBytes = Buffer.byteLength(JSON.stringify(materialized));

  // Both ways must give the same objects at every frame, or the figure is void.
  for (let frame = 0; frame < frameCount; frame++) {
    const b = fromMaterialized(objects, frames, frame);
    for (const a of [fromKeyframes(objects, timeline, frame), fromShapeAt(objects, frame)]) {
      if (a.length !== b.length || a.some((x, i) => x.object !== b[i].object || JSON.stringify(x.shape) !== JSON.stringify(b[i].shape))) throw new Error(`frame ${frame}: keyframes and the materialized array disagree`);
    }
  }
  const random = seededRandom(3);
  const order = Array.from({ length: 10_000 }, () => Math.floor(random() * frameCount));
  const keyframeCount = objects.reduce((sum, o) => sum + o.keyframes.length, 0);
  const inScene = frames.reduce((sum, shapes) => sum + shapes.filter(Boolean).length, 0);
  log(`  ${tracks} tracks, ${frameCount.toLocaleString('en-US')} frames, ${keyframeCount.toLocaleString('en-US')} keyframes, ${inScene.toLocaleString('en-US')} shapes in the scene over all frames`);

  const ways = { keyed: (f: number) => fromKeyframes(objects, timeline, f), shapeAt: (f: number) => fromShapeAt(objects, f), flat: (f: number) => fromMaterialized(objects, frames, f) };
  const best = { keyed: 0, shapeAt: 0, flat: 0 };
  for (const ask of Object.values(ways)) framesPerSecond(order.slice(0, 1000), ask);
  for (let round = 0; round < rounds; round++) {
    for (const [name, ask] of Object.entries(ways) as [keyof typeof ways, (f: number) => InScene[]][]) best[name] = Math.max(best[name], framesPerSecond(order, ask).rate);
  }
  const { keyed, flat } = best;
  log(`  timeline packed in ${packMs.toFixed(1)} ms`);
  log(`  objects at a frame: keyframes ${Math.round(keyed).toLocaleString('en-US')} frames/s (shapeAt track by track ${Math.round(best.shapeAt).toLocaleString('en-US')}), materialized ${Math.round(flat).toLocaleString('en-US')} frames/s`);
  log(`  saved JSON: keyframes ${(keyframeBytes / 1e6).toFixed(2)} MB, materialized ${(materializedBytes / 1e6).toFixed(2)} MB (${(keyframeBytes / materializedBytes).toFixed(3)}x)`);
  return [
    { name: 'track query frames (keyframes)', ours: keyed, baselineName: 'materialized per-frame array', baseline: flat, targetRatio: 0.5 },
    // Bytes as a ratio that must rise: the materialized array's bytes over the keyframes' must reach 10 (keyframes at most 0.1x).
    { name: 'track bytes materialized/keyed', ours: materializedBytes, baselineName: 'keyframe document bytes', baseline: keyframeBytes, targetRatio: 10 },
  ];
}
