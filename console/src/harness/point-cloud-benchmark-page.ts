// What the point-cloud editor benchmark runs inside Chromium: the editor's scene (four views, a hundred cuboids, one
// selected) and a bare three.js Points scene of the same cloud in one view, drawn in turn frame after frame and each
// frame synchronised by reading one pixel back; and a frame switch to a cloud already in memory against a bare upload of
// the same buffers. Bundled on its own by the benchmark; the console never loads it.
import { BufferAttribute, BufferGeometry, PerspectiveCamera, Points, PointsMaterial, Scene, WebGLRenderer } from 'three';
import type { CuboidShape, PointCloud } from '@annot/workflows';
import { placeOrbit, startingOrbit } from '@/features/editor/point-cloud/scene/cloud-views';
import { gridCloud, adoptGrid } from '@/features/editor/point-cloud/scene/cloud-grid';
import { PointCloudScene, type SceneBox } from '@/features/editor/point-cloud/scene/point-cloud-scene';

const width = 1280;
const height = 720;

/** A seeded generator, so every run draws the same street. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A street: rings of ground around the sensor, walls along both sides and cars as blocks of points, with reflectance. */
function street(count: number, seed: number): { cloud: PointCloud; cars: CuboidShape[] } {
  const next = random(seed);
  const positions = new Float32Array(count * 3);
  const intensity = new Float32Array(count);
  const cars: CuboidShape[] = [];
  for (let i = 0; i < 100; i++) {
    const x = -40 + (i % 20) * 5 + next();
    const y = (i < 50 ? -5 : 5) + next() * 2;
    cars.push({ type: 'cuboid', x, y, z: -0.9, length: 4.2, width: 1.8, height: 1.5, yaw: next() * 0.2 });
  }
  for (let i = 0; i < count; i++) {
    const kind = next();
    let [x, y, z] = [0, 0, -1.7];
    if (kind < 0.55) {
      const r = 2 + next() ** 2 * 60;
      const a = next() * Math.PI * 2;
      [x, y] = [r * Math.cos(a), r * Math.sin(a)];
    } else if (kind < 0.8) {
      [x, y, z] = [-60 + next() * 120, next() < 0.5 ? -12 : 12, -1.7 + next() * 6];
    } else {
      const car = cars[Math.floor(next() * cars.length)];
      [x, y, z] = [car.x + (next() - 0.5) * car.length, car.y + (next() - 0.5) * car.width, car.z + (next() - 0.5) * car.height];
    }
    positions.set([x, y, z], i * 3);
    intensity[i] = next() * 255;
  }
  const cloud: PointCloud = { count, positions, intensity, colors: null, bounds: { min: [-60, -60, -1.7], max: [60, 60, 4.3] } };
  return { cloud, cars };
}

function canvas(): HTMLCanvasElement {
  const made = document.createElement('canvas');
  made.style.width = `${width}px`;
  made.style.height = `${height}px`;
  document.body.append(made);
  return made;
}

const pixel = new Uint8Array(4);
const readBack = (renderer: WebGLRenderer) => {
  const gl = renderer.getContext();
  gl.readPixels(width / 2, height / 2, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
};

/**
 * Frames drawn per second by each drawing over `ms`, a frame of one then a frame of the other, each finished by reading
 * a pixel back and timed on its own: a busier stretch of a shared machine falls on both alike.
 */
function framesPerSecondInTurn<Name extends string>(draws: Record<Name, () => void>, ms: number): Record<Name, number> {
  const names = Object.keys(draws) as Name[];
  const spent = Object.fromEntries(names.map((name) => [name, 0])) as Record<Name, number>;
  for (const name of names) draws[name]();
  const start = performance.now();
  let frames = 0;
  while (performance.now() - start < ms) {
    for (const name of names) {
      const before = performance.now();
      draws[name]();
      spent[name] += performance.now() - before;
    }
    frames++;
  }
  return Object.fromEntries(names.map((name) => [name, (frames * 1000) / spent[name]])) as Record<Name, number>;
}

function editorScene(count: number) {
  const { cloud, cars } = street(count, 7);
  const scene = new PointCloudScene(canvas());
  scene.renderer.setPixelRatio(1);
  scene.resize(width, height);
  scene.setCloud(cloud);
  const boxes: SceneBox[] = cars.map((shape, i) => ({ id: `car-${i}`, shape, color: '#22c55e', emphasis: i === 12 ? 'selected' : 'none' }));
  scene.setBoxes(boxes, 'car-12');
  scene.focus(cars[12]);
  return scene;
}

function bareScene(count: number) {
  const { cloud, cars } = street(count, 7);
  const renderer = new WebGLRenderer({ canvas: canvas(), antialias: false });
  renderer.setPixelRatio(1);
  renderer.setSize(width, height, false);
  const scene = new Scene();
  const geometry = new BufferGeometry().setAttribute('position', new BufferAttribute(cloud.positions, 3));
  const points = new Points(geometry, new PointsMaterial({ size: 2, sizeAttenuation: false, color: '#cbd5e1' }));
  points.frustumCulled = false;
  scene.add(points);
  const camera = new PerspectiveCamera(50, width / height, 0.1, 2000);
  // Where the editor's perspective view looks once the selected car is focused.
  const car = cars[12];
  placeOrbit(camera, { ...startingOrbit, target: [car.x, car.y, car.z], distance: Math.min(startingOrbit.distance, 25) }, width / height);
  return { renderer, scene, camera, points };
}

export const cloudBench = {
  /** Frames per second of the editor's scene and of the bare one, drawn in turn over `ms`. */
  fps(count: number, ms: number): { editor: number; bare: number } {
    document.body.replaceChildren();
    const scene = editorScene(count);
    const bare = bareScene(count);
    const fps = framesPerSecondInTurn(
      {
        editor: () => {
          scene.render();
          readBack(scene.renderer);
        },
        bare: () => {
          bare.renderer.render(bare.scene, bare.camera);
          readBack(bare.renderer);
        },
      },
      ms,
    );
    scene.dispose();
    bare.renderer.dispose();
    return fps;
  },

  /**
   * Milliseconds per switch to the next of `frames` clouds already decoded (what prefetch leaves), until drawn: in the
   * editor's scene and by a bare upload of the same buffers, a switch of one then a switch of the other.
   */
  switchMs(count: number, frames: number): { editor: number; bare: number } {
    // Fetched, decoded and laid out ahead, as the cloud worker leaves the next frames for the editor's prefetch.
    const clouds = Array.from({ length: frames }, (_, i) => street(count, 100 + i).cloud);
    for (const cloud of clouds) adoptGrid(cloud, gridCloud(cloud));
    document.body.replaceChildren();
    const scene = editorScene(count);
    const bare = bareScene(count);
    scene.render();
    bare.renderer.render(bare.scene, bare.camera);
    const spent = { editor: 0, bare: 0 };
    for (const cloud of clouds) {
      let before = performance.now();
      scene.setCloud(cloud);
      scene.render();
      readBack(scene.renderer);
      spent.editor += performance.now() - before;
      before = performance.now();
      bare.points.geometry.dispose();
      bare.points.geometry = new BufferGeometry().setAttribute('position', new BufferAttribute(cloud.positions, 3)).setAttribute('intensity', new BufferAttribute(cloud.intensity!, 1));
      bare.renderer.render(bare.scene, bare.camera);
      readBack(bare.renderer);
      spent.bare += performance.now() - before;
    }
    scene.dispose();
    bare.renderer.dispose();
    return { editor: spent.editor / frames, bare: spent.bare / frames };
  },
};

(globalThis as unknown as { cloudBench: typeof cloudBench }).cloudBench = cloudBench;
