// Many tracks' shapes at any frame, packed for speed: the numbers shapeAt gives, read from typed arrays, for whoever
// asks every frame of a long sequence (the timeline, exports, validation).
import { between, mix, mixAngle, type Track } from './interpolation';
import type { Shape } from './result.schema';

/** What a keyframe holds, packed: nothing (outside), a box upright or turned, a cuboid level or tilted, or another shape. */
const noShape = 0;
const uprightBox = 1;
const turnedBox = 2;
const otherShape = 3;
const levelCuboid = 4;
const tiltedCuboid = 5;
/** Numbers per keyframe: a box's x, y, width, height, rotation; a cuboid's x, y, z, length, width, height, yaw. */
const stride = 7;

/**
 * Many tracks' shapes at any frame, the same shapeAt gives, packed once so that asking every frame of a long sequence
 * (playback, exports, validation) reads typed arrays instead of following keyframe objects: every track's keyframe
 * frames in one array, the numbers of its boxes and level cuboids in another. Other shapes are found the same way and
 * blended by the interpolation's own between().
 * The tracks' keyframes must not change while the timeline is in use; a changed document gets a timeline of its own.
 */
export class TrackTimeline {
  private readonly tracks: Track[];
  /** Where each track's keyframes start in the packed arrays; the last entry is their total. */
  private readonly starts: Int32Array;
  private readonly frames: Int32Array;
  private readonly kinds: Uint8Array;
  /** The numbers of each keyframe's box or level cuboid, `stride` apart. */
  private readonly values: Float64Array;
  private readonly shapes: (Shape | null)[];

  constructor(tracks: Track[]) {
    this.tracks = tracks;
    const total = tracks.reduce((sum, t) => sum + t.keyframes.length, 0);
    this.starts = new Int32Array(tracks.length + 1);
    this.frames = new Int32Array(total);
    this.kinds = new Uint8Array(total);
    this.values = new Float64Array(total * stride);
    this.shapes = new Array<Shape | null>(total);
    let at = 0;
    tracks.forEach((track, t) => {
      this.starts[t] = at;
      for (const k of track.keyframes) {
        const shape = k.outside ? null : k.shape;
        this.frames[at] = k.frame;
        this.shapes[at] = shape;
        if (shape?.type === 'box') {
          this.kinds[at] = shape.rotation === undefined ? uprightBox : turnedBox;
          this.values.set([shape.x, shape.y, shape.width, shape.height, shape.rotation ?? 0], at * stride);
        } else if (shape?.type === 'cuboid') {
          const level = shape.pitch === undefined && shape.roll === undefined;
          this.kinds[at] = level ? levelCuboid : tiltedCuboid;
          this.values.set([shape.x, shape.y, shape.z, shape.length, shape.width, shape.height, shape.yaw], at * stride);
        } else if (shape) this.kinds[at] = otherShape;
        at++;
      }
    });
    this.starts[tracks.length] = at;
  }

  /** Each track's shape at the frame, or null where it is not in the scene, in the order the tracks were given. */
  shapesAt(frame: number): (Shape | null)[] {
    const { starts, frames, kinds, values, shapes } = this;
    const out = new Array<Shape | null>(this.tracks.length);
    for (let t = 0; t < out.length; t++) {
      const first = starts[t];
      const end = starts[t + 1];
      let low = first;
      let high = end - 1;
      let index = first - 1;
      // Keyframes tend to come at a steady pace: start where the pace puts the frame, then narrow by halves.
      if (high > low && frame > frames[low] && frame < frames[high]) {
        const guess = low + Math.floor(((frame - frames[low]) * (high - low)) / (frames[high] - frames[low]));
        if (frames[guess] <= frame) {
          index = guess;
          low = guess + 1;
          if (frames[low] > frame) high = guess;
        } else high = guess - 1;
      }
      while (low <= high) {
        const middle = (low + high) >> 1;
        if (frames[middle] <= frame) {
          index = middle;
          low = middle + 1;
        } else high = middle - 1;
      }
      if (index < first || kinds[index] === noShape) {
        out[t] = null;
        continue;
      }
      const next = index + 1;
      if (frames[index] === frame || next >= end || kinds[next] === noShape) {
        // A mask ends with its last keyframe, as in shapeAt.
        out[t] = frames[index] !== frame && next >= end && shapes[index]!.type === 'mask' ? null : shapes[index];
        continue;
      }
      // The same arithmetic as shapeAt's, so both give the same numbers to the last bit.
      const ratio = (frame - frames[index]) / (frames[next] - frames[index]);
      const [kind, nextKind] = [kinds[index], kinds[next]];
      const a = index * stride;
      const b = next * stride;
      if (kind === levelCuboid && nextKind === levelCuboid) {
        const x = mix(values[a], values[b], ratio);
        const y = mix(values[a + 1], values[b + 1], ratio);
        const z = mix(values[a + 2], values[b + 2], ratio);
        const length = mix(values[a + 3], values[b + 3], ratio);
        const width = mix(values[a + 4], values[b + 4], ratio);
        const height = mix(values[a + 5], values[b + 5], ratio);
        out[t] = { type: 'cuboid', x, y, z, length, width, height, yaw: mixAngle(values[a + 6], values[b + 6], ratio) };
        continue;
      }
      if ((kind !== uprightBox && kind !== turnedBox) || (nextKind !== uprightBox && nextKind !== turnedBox)) {
        out[t] = between(shapes[index]!, shapes[next]!, ratio);
        continue;
      }
      const x = mix(values[a], values[b], ratio);
      const y = mix(values[a + 1], values[b + 1], ratio);
      const width = mix(values[a + 2], values[b + 2], ratio);
      const height = mix(values[a + 3], values[b + 3], ratio);
      out[t] = kind === uprightBox && nextKind === uprightBox ? { type: 'box', x, y, width, height } : { type: 'box', x, y, width, height, rotation: mixAngle(values[a + 4], values[b + 4], ratio) };
    }
    return out;
  }
}
