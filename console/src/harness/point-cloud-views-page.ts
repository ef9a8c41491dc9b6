// What the point-cloud views' browser test runs inside Chromium: the editor's scene over a scattered cloud with a
// selected cuboid, beside the same scene drawing its whole cloud in every view (a grid of one cell), each view's pixels
// read back to compare; the selected points' highlight; and a scene switched to the next frame against one that showed
// that frame from the start. Bundled on its own by the test; the console never loads it.
import { cloudBounds, type CuboidShape, type PointCloud, segmentFromIndices } from '@annot/workflows';
import { adoptGrid, gridCloud } from '@/features/editor/point-cloud/scene/cloud-grid';
import { type ViewName, viewNames } from '@/features/editor/point-cloud/scene/cloud-views';
import { PointCloudScene } from '@/features/editor/point-cloud/scene/point-cloud-scene';
import { defaultPointStyle } from '@/features/editor/point-cloud/scene/point-material';

const width = 960;
const height = 540;
const box: CuboidShape = { type: 'cuboid', x: 12, y: -4, z: -0.9, length: 4.2, width: 1.8, height: 1.5, yaw: 0.4 };

/** A seeded scatter over 120 × 120 metres, with reflectance, its ground `lift` metres up. */
function scatter(count: number, seed = 5, lift = 0): PointCloud {
  let state = seed;
  const next = () => (state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32;
  const positions = new Float32Array(count * 3);
  for (let i = 0; i < count; i++) positions.set([-60 + next() * 120, -60 + next() * 120, -1.7 + lift + next() * 5], i * 3);
  const intensity = Float32Array.from({ length: count }, () => next() * 255);
  return { count, positions, intensity, colors: null, bounds: cloudBounds(positions, count) };
}

/** The cloud with its box selected (moved where given), the views focused on the box where it started. */
function sceneOf(cloud: PointCloud, selected = box): PointCloudScene {
  const canvas = document.createElement('canvas');
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  document.body.append(canvas);
  const scene = new PointCloudScene(canvas);
  scene.renderer.setPixelRatio(1);
  scene.resize(width, height);
  scene.setCloud(cloud);
  scene.setBoxes([{ id: 'car', shape: selected, color: '#22c55e', emphasis: 'selected' }], 'car');
  scene.focus(box);
  return scene;
}

/** Each view's pixels, r g b a, row by row from its top left. */
function viewPixels(scene: PointCloudScene): Record<ViewName, Uint8Array> {
  scene.render();
  const gl = scene.renderer.getContext();
  const all = new Uint8Array(width * height * 4);
  gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, all);
  const layout = scene.views();
  const out = {} as Record<ViewName, Uint8Array>;
  for (const name of viewNames) {
    const v = layout[name];
    const pixels = new Uint8Array(v.width * v.height * 4);
    for (let y = 0; y < v.height; y++) {
      const row = (height - 1 - (v.y + y)) * width + v.x;
      pixels.set(all.subarray(row * 4, (row + v.width) * 4), y * v.width * 4);
    }
    out[name] = pixels;
  }
  return out;
}

/** Per view: pixels that differ between two drawings, pixels lit in the first, and the colours of those that differ. */
function compare(a: Record<ViewName, Uint8Array>, b: Record<ViewName, Uint8Array>) {
  const out = {} as Record<ViewName, { differing: number; lit: number; colors: Record<string, number> }>;
  for (const name of viewNames) {
    const [p, q] = [a[name], b[name]];
    let [differing, lit] = [0, 0];
    const colors: Record<string, number> = {};
    for (let o = 0; o < p.length; o += 4) {
      if (p[o] + p[o + 1] + p[o + 2] > 120) lit++;
      if (p[o] === q[o] && p[o + 1] === q[o + 1] && p[o + 2] === q[o + 2]) continue;
      differing++;
      const color = `${p[o]},${p[o + 1]},${p[o + 2]}`;
      colors[color] = (colors[color] ?? 0) + 1;
    }
    out[name] = { differing, lit, colors };
  }
  return out;
}

export const sceneViews = {
  /** The scene's views against the same scene drawing its whole cloud in each, after turning the perspective view by a drag. */
  againstWholeCloud(drag: [number, number], zoom: number) {
    document.body.replaceChildren();
    const cloud = scatter(150_000);
    const whole = { ...cloud };
    adoptGrid(whole, gridCloud(whole, Infinity));
    const scenes = [sceneOf(cloud), sceneOf(whole)];
    for (const scene of scenes) {
      scene.drag('perspective', drag[0], drag[1], false);
      scene.zoom('perspective', zoom);
    }
    const result = compare(viewPixels(scenes[0]), viewPixels(scenes[1]));
    for (const scene of scenes) scene.dispose();
    return result;
  },

  /** The views with the points within three metres of the box's centre on the ground highlighted, against none, and once cleared. */
  highlighted() {
    document.body.replaceChildren();
    const cloud = scatter(150_000);
    const scene = sceneOf(cloud);
    const before = viewPixels(scene);
    const near: number[] = [];
    for (let i = 0; i < cloud.count; i++) if (Math.abs(cloud.positions[i * 3] - box.x) < 3 && Math.abs(cloud.positions[i * 3 + 1] - box.y) < 3) near.push(i);
    scene.setHighlight(segmentFromIndices(near, cloud.count));
    const on = viewPixels(scene);
    scene.setHighlight(null);
    const cleared = viewPixels(scene);
    scene.dispose();
    return { points: near.length, on: compare(on, before), cleared: compare(cleared, before) };
  },

  /**
   * A scene switched from one frame to the next (its ground a metre lower, its box moved) and then to reflectance,
   * against a scene that showed the next frame from the start: by height, and by reflectance.
   */
  switched() {
    document.body.replaceChildren();
    const next = scatter(150_000, 9, -1);
    const moved: CuboidShape = { ...box, x: box.x + 1.5, yaw: box.yaw + 0.2 };
    const circles: [number, number][] = [[20, 20], [40, 30]];
    const [switching, fresh] = [sceneOf(scatter(150_000)), sceneOf(next, moved)];
    for (const scene of [switching, fresh]) {
      scene.setRangeCircles(circles);
      viewPixels(scene);
    }
    switching.setCloud(next);
    // The same boxes again in the scene that had them from the start: its knob is sized by the top view's camera, now placed.
    for (const scene of [switching, fresh]) scene.setBoxes([{ id: 'car', shape: moved, color: '#22c55e', emphasis: 'selected' }], 'car');
    const drawn = (mode: 'height' | 'intensity') =>
      [switching, fresh].map((scene) => {
        scene.setStyle({ ...defaultPointStyle, mode });
        return viewPixels(scene);
      });
    const [height, intensity] = [drawn('height'), drawn('intensity')];
    switching.dispose();
    fresh.dispose();
    return { height: compare(height[0], height[1]), intensity: compare(intensity[0], intensity[1]) };
  },
};

(globalThis as unknown as { sceneViews: typeof sceneViews }).sceneViews = sceneViews;
