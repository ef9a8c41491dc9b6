// Many tracks' shapes at any frame, packed for speed: the numbers shapeAt gives, read from typed arrays, for whoever
// asks every frame of a long sequence (the timeline, exports, validation).
import { mix, mixAngle, shapeAt, type Track } from './interpolation';
import type { Shape } from './result.schema';

/** What a keyframe holds, packed: nothing (outside), a box upright or turned, or another shape. */
const noShape = 0;
const uprightBox = 1;
const turnedBox = 2;
const otherShape = 3;

/**
 * Many tracks' shapes at any frame, the same shapeAt gives, packed once so that asking every frame of a long sequence
 * (playback, exports, validation) reads typed arrays instead of following keyframe objects: every track's keyframe
 * frames in one array, their box numbers in another. A track with other shapes than boxes is asked of shapeAt itself.
 * The tracks' keyframes must not change while the timeline is in use; a changed document gets a timeline of its own.
 */
export class TrackTimeline {
  private readonly tracks: Track[];
  /** Where each track's keyframes start in the packed arrays; the last entry is their total. */
  private readonly starts: Int32Array;
  private readonly frames: Int32Array;
  private readonly kinds: Uint8Array;
  /** x, y, width, height, rotation per keyframe (boxes only). */
  private readonly values: Float64Array;
  private readonly shapes: (Shape | null)[];
  private readonly boxesOnly: Uint8Array;

  constructor(tracks: Track[]) {
    this.tracks = tracks;
    const total = tracks.reduce((sum, t) => sum + t.keyframes.length, 0);
    this.starts = new Int32Array(tracks.length + 1);
    this.frames = new Int32Array(total);
    this.kinds = new Uint8Array(total);
    this.values = new Float64Array(total * 5);
    this.shapes = new Array<Shape | null>(total);
    this.boxesOnly = new Uint8Array(tracks.length);
    let at = 0;
    tracks.forEach((track, t) => {
      this.starts[t] = at;
      this.boxesOnly[t] = 1;
      for (const k of track.keyframes) {
        const shape = k.outside ? null : k.shape;
        this.frames[at] = k.frame;
        this.shapes[at] = shape;
        if (shape?.type === 'box') {
          this.kinds[at] = shape.rotation === undefined ? uprightBox : turnedBox;
          this.values.set([shape.x, shape.y, shape.width, shape.height, shape.rotation ?? 0], at * 5);
        } else if (shape) {
          this.kinds[at] = otherShape;
          this.boxesOnly[t] = 0;
        }
        at++;
      }
    });
    this.starts[tracks.length] = at;
  }

  /** Each track's shape at the frame, or null where it is not in the scene, in the order the tracks were given. */
  shapesAt(frame: number): (Shape | null)[] {
    const { starts, frames, kinds, values, shapes, boxesOnly } = this;
    const out = new Array<Shape | null>(this.tracks.length);
    for (let t = 0; t < out.length; t++) {
      if (boxesOnly[t] === 0) {
        out[t] = shapeAt(this.tracks[t], frame);
        continue;
      }
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
        out[t] = shapes[index];
        continue;
      }
      // The same arithmetic as shapeAt's, so both give the same numbers to the last bit.
      const ratio = (frame - frames[index]) / (frames[next] - frames[index]);
      const a = index * 5;
      const b = next * 5;
      const x = mix(values[a], values[b], ratio);
      const y = mix(values[a + 1], values[b + 1], ratio);
      const width = mix(values[a + 2], values[b + 2], ratio);
      const height = mix(values[a + 3], values[b + 3], ratio);
      out[t] = kinds[index] === uprightBox && kinds[next] === uprightBox ? { type: 'box', x, y, width, height } : { type: 'box', x, y, width, height, rotation: mixAngle(values[a + 4], values[b + 4], ratio) };
    }
    return out;
  }
}
