// What the point-cloud views' browser test runs inside Chromium: the editor's scene over a scattered cloud with a
// selected cuboid, beside the same scene drawing its whole cloud in every view (a grid of one cell), each view's pixels
// read back to compare; and the selected points' highlight. Bundled on its own by the test; the console never loads it.
import { cloudBounds, type CuboidShape, type PointCloud, segmentFromIndices } from '@annot/workflows';
import { adoptGrid, gridCloud } from '@/features/editor/point-cloud/scene/cloud-grid';
import { type ViewName, viewNames } from '@/features/editor/point-cloud/scene/cloud-views';
import { PointCloudScene } from '@/features/editor/point-cloud/scene/point-cloud-scene';

const width = 960;
const height = 540;
const box: CuboidShape = { type: 'cuboid', x: 12, y: -4, z: -0.9, length: 4.2, width: 1.8, height: 1.5, yaw: 0.4 };

/** A seeded scatter over 120 × 120 metres, with reflectance. */
function scatter(count: number): PointCloud {
  let state = 5;
  const next = () => (state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32;
  const positions = new Float32Array(count * 3);
  for (let i = 0; i < count; i++) positions.set([-60 + next() * 120, -60 + next() * 120, -1.7 + next() * 5], i * 3);
  const intensity = Float32Array.from({ length: count }, () => next() * 255);
  return { count, positions, intensity, colors: null, bounds: cloudBounds(positions, count) };
}

function sceneOf(cloud: PointCloud): PointCloudScene {
  const canvas = document.createElement('canvas');
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  document.body.append(canvas);
  const scene = new PointCloudScene(canvas);
  scene.renderer.setPixelRatio(1);
  scene.resize(width, height);
  scene.setCloud(cloud);
  scene.setBoxes([{ id: 'car', shape: box, color: '#22c55e', emphasis: 'selected' }], 'car');
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
};

(globalThis as unknown as { sceneViews: typeof sceneViews }).sceneViews = sceneViews;
