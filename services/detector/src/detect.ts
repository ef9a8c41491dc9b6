// The demo detector's vision: pixels of strong colour are foreground, each 4-connected region of them is an object,
// and its bounding box is the detection. Classical and small, enough to find the vehicles of the demo's scenes.

export interface Detection {
  score: number;
  box: { x: number; y: number; width: number; height: number };
}

/** Regions smaller than this many pixels are noise. */
const minArea = 60;
const minSaturation = 0.45;
const minValue = 0.25;

/** The saturation of each pixel where it is foreground, else 0. */
function foreground(pixels: Uint8Array, width: number, height: number, channels: number): Float32Array {
  const mask = new Float32Array(width * height);
  for (let p = 0; p < width * height; p++) {
    const r = pixels[p * channels];
    const g = pixels[p * channels + 1];
    const b = pixels[p * channels + 2];
    const max = Math.max(r, g, b);
    const saturation = max === 0 ? 0 : (max - Math.min(r, g, b)) / max;
    if (saturation >= minSaturation && max / 255 >= minValue) mask[p] = saturation;
  }
  return mask;
}

export function detectObjects(pixels: Uint8Array, width: number, height: number, channels: number): Detection[] {
  const mask = foreground(pixels, width, height, channels);
  const seen = new Uint8Array(width * height);
  const stack = new Int32Array(width * height);
  const detections: Detection[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (mask[start] === 0 || seen[start]) continue;
    // An explicit stack rather than recursion, so a region of any size cannot overflow the call stack.
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    let [left, right, upper, lower, area, saturation] = [width, -1, height, -1, 0, 0];
    while (top > 0) {
      const p = stack[--top];
      const x = p % width;
      const y = (p - x) / width;
      left = Math.min(left, x);
      right = Math.max(right, x);
      upper = Math.min(upper, y);
      lower = Math.max(lower, y);
      area++;
      saturation += mask[p];
      for (const q of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, y > 0 ? p - width : -1, y < height - 1 ? p + width : -1]) {
        if (q >= 0 && mask[q] !== 0 && !seen[q]) {
          seen[q] = 1;
          stack[top++] = q;
        }
      }
    }
    if (area < minArea) continue;
    const box = { x: left, y: upper, width: right - left + 1, height: lower - upper + 1 };
    const fill = area / (box.width * box.height);
    const score = Math.round(Math.min(1, 0.5 * fill + 0.5 * (saturation / area)) * 1000) / 1000;
    detections.push({ score, box });
  }
  return detections.sort((a, b) => b.score - a.score);
}
