// Points picked through a three.js camera land where three.js itself projects them.
import { OrthographicCamera, PerspectiveCamera, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { segmentIndices } from '@annot/workflows';
import { applySelection, createPointSelector } from './point-selection';

const viewport = { width: 400, height: 300 };
const grid = () => {
  const points: number[] = [];
  for (let x = -10; x <= 10; x += 1) for (let y = -10; y <= 10; y += 1) for (const z of [0, 1.5]) points.push(x, y, z);
  return { count: points.length / 3, positions: Float32Array.from(points) };
};

/** Where three.js puts point i on the view, in CSS pixels. */
const screenOf = (cloud: ReturnType<typeof grid>, camera: PerspectiveCamera | OrthographicCamera, i: number) => {
  const v = new Vector3(cloud.positions[i * 3], cloud.positions[i * 3 + 1], cloud.positions[i * 3 + 2]).project(camera);
  return [((v.x + 1) / 2) * viewport.width, ((1 - v.y) / 2) * viewport.height, v.z];
};

describe(createPointSelector.name, () => {
  it('selects through a perspective camera exactly the points three.js projects into the box', () => {
    const cloud = grid();
    const camera = new PerspectiveCamera(60, viewport.width / viewport.height, 0.1, 200);
    camera.position.set(-12, -3, 9);
    camera.up.set(0, 0, 1);
    camera.lookAt(0, 0, 0);
    const select = createPointSelector(cloud);
    const region = { kind: 'rect' as const, x: 120, y: 80, width: 150, height: 110 };
    const picked = [...select(camera, viewport, region)];
    const expected = [...Array(cloud.count).keys()].filter((i) => {
      const [x, y, z] = screenOf(cloud, camera, i);
      return z >= -1 && z <= 1 && x >= 120 && x <= 270 && y >= 80 && y <= 190;
    });
    expect(picked.length).toBeGreaterThan(20);
    expect(picked).toEqual(expected);
    // The same view placed at (700, 40) in a canvas of several views, the gesture in the canvas's pixels.
    const placed = { ...viewport, x: 700, y: 40 };
    expect([...select(camera, placed, { kind: 'rect', x: 820, y: 120, width: 150, height: 110 })]).toEqual(expected);
    const lasso = [120, 80, 270, 80, 270, 190, 120, 190];
    expect([...select(camera, placed, { kind: 'lasso', points: lasso.map((v, i) => v + (i % 2 === 0 ? 700 : 40)) })]).toEqual(expected);
  });

  it('selects through the orthographic top view, and nothing behind the camera', () => {
    const cloud = grid();
    const top = new OrthographicCamera(-20, 20, 15, -15, 0.1, 100);
    top.position.set(0, 0, 50);
    top.lookAt(0, 0, 0);
    const select = createPointSelector(cloud);
    // The centre of the view, 40 m wide on 400 px: 10 px a metre; a 21 px box around it holds x, y in [-1, 1].
    const picked = [...select(top, viewport, { kind: 'rect', x: 189.5, y: 139.5, width: 21, height: 21 })];
    expect(picked.length).toBe(18);
    top.position.set(0, 0, -50);
    top.lookAt(0, 0, -100);
    expect([...select(top, viewport, { kind: 'rect', x: 0, y: 0, width: 400, height: 300 })]).toEqual([]);
  });
});

describe(applySelection.name, () => {
  it('starts, grows and shrinks a segment from selected points', () => {
    const first = applySelection(null, 10, Uint32Array.of(2, 3), false);
    expect(first && [...segmentIndices(first)]).toEqual([2, 3]);
    const grown = applySelection(first, 10, Uint32Array.of(7), false);
    expect(grown && [...segmentIndices(grown)]).toEqual([2, 3, 7]);
    const shrunk = applySelection(grown, 10, Uint32Array.of(3), true);
    expect(shrunk && [...segmentIndices(shrunk)]).toEqual([2, 7]);
    expect(applySelection(null, 10, Uint32Array.of(1), true)).toBeNull();
  });
});
