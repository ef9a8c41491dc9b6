// Where the four views sit in the one canvas and how each one's camera is placed: the perspective view orbiting a
// target, the top view over a centre at a span of metres, the side and front views square to the selected cuboid.
import { OrthographicCamera, PerspectiveCamera, Vector3 } from 'three';
import { cuboidRotation, type CuboidShape } from '@annot/workflows';

export const viewNames = ['perspective', 'top', 'side', 'front'] as const;
export type ViewName = (typeof viewNames)[number];

/** A view's rectangle in CSS pixels from the canvas's top left. */
export interface ViewRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The perspective view takes the left two thirds; the top view the upper half of the right third, the side and front views a quarter each. */
export function viewLayout(width: number, height: number): Record<ViewName, ViewRect> {
  const main = Math.round(width * 0.64);
  const column = width - main;
  const half = Math.round(height / 2);
  const quarter = Math.round(height / 4);
  return {
    perspective: { x: 0, y: 0, width: main, height },
    top: { x: main, y: 0, width: column, height: half },
    side: { x: main, y: half, width: column, height: quarter },
    front: { x: main, y: half + quarter, width: column, height: height - half - quarter },
  };
}

export function viewAt(layout: Record<ViewName, ViewRect>, x: number, y: number): ViewName | null {
  return viewNames.find((name) => {
    const r = layout[name];
    return x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height;
  }) ?? null;
}

/** The perspective view's camera around its target: azimuth from +x, elevation above the ground, distance in metres. */
export interface Orbit {
  target: [number, number, number];
  azimuth: number;
  elevation: number;
  distance: number;
}

/** Behind the sensor and above it, looking ahead. */
export const startingOrbit: Orbit = { target: [8, 0, 0], azimuth: Math.PI, elevation: 0.55, distance: 34 };

export function placeOrbit(camera: PerspectiveCamera, orbit: Orbit, aspect: number): void {
  const [tx, ty, tz] = orbit.target;
  const c = Math.cos(orbit.elevation);
  camera.up.set(0, 0, 1);
  camera.position.set(tx + orbit.distance * c * Math.cos(orbit.azimuth), ty + orbit.distance * c * Math.sin(orbit.azimuth), tz + orbit.distance * Math.sin(orbit.elevation));
  camera.lookAt(tx, ty, tz);
  camera.aspect = aspect;
  camera.near = 0.1;
  camera.far = 2000;
  camera.updateProjectionMatrix();
}

/** Turning by a drag of so many pixels, and panning by one, in the plane of the ground. */
export function orbitDragged(orbit: Orbit, dx: number, dy: number, pan: boolean, viewHeight: number): Orbit {
  if (!pan) {
    const elevation = Math.min(1.55, Math.max(-0.2, orbit.elevation + dy * 0.006));
    return { ...orbit, azimuth: orbit.azimuth - dx * 0.006, elevation };
  }
  // A pixel is as many metres as the view spans at the target's distance.
  const metres = (2 * orbit.distance * Math.tan((50 * Math.PI) / 360)) / Math.max(1, viewHeight);
  const [fx, fy] = [-Math.cos(orbit.azimuth), -Math.sin(orbit.azimuth)];
  const [rx, ry] = [fy, -fx];
  const [tx, ty, tz] = orbit.target;
  return { ...orbit, target: [tx - (rx * dx - fx * dy) * metres, ty - (ry * dx - fy * dy) * metres, tz] };
}

export const orbitZoomed = (orbit: Orbit, factor: number): Orbit => ({ ...orbit, distance: Math.min(400, Math.max(2, orbit.distance * factor)) });

/** The top view: the ground seen from above with ahead (+x) up the screen, `span` metres from its top to its bottom. */
export interface TopView {
  centre: [number, number];
  span: number;
}

export const startingTop: TopView = { centre: [10, 0], span: 50 };

/** The ground rectangle the top view shows: min x, min y, max x, max y. */
export function topBounds(top: TopView, aspect: number): [number, number, number, number] {
  const [halfX, halfY] = [top.span / 2, (top.span / 2) * aspect];
  return [top.centre[0] - halfX, top.centre[1] - halfY, top.centre[0] + halfX, top.centre[1] + halfY];
}

export function placeTop(camera: OrthographicCamera, top: TopView, aspect: number): void {
  const half = top.span / 2;
  camera.left = -half * aspect;
  camera.right = half * aspect;
  camera.top = half;
  camera.bottom = -half;
  camera.near = 1;
  camera.far = 2000;
  camera.up.set(1, 0, 0);
  camera.position.set(top.centre[0], top.centre[1], 500);
  camera.lookAt(top.centre[0], top.centre[1], 0);
  camera.updateProjectionMatrix();
}

/** A side or front view square to the box: from its right side looking left, or from ahead looking back. */
export function placeAroundBox(camera: OrthographicCamera, view: 'side' | 'front', shape: CuboidShape, aspect: number, margin: number): void {
  const r = cuboidRotation(shape);
  const axis = (column: number) => new Vector3(r[column], r[3 + column], r[6 + column]);
  const [ahead, left, up] = [axis(0), axis(1), axis(2)];
  const across = view === 'side' ? shape.length : shape.width;
  const depth = view === 'side' ? shape.width : shape.length;
  const from = view === 'side' ? left.clone().negate() : ahead;
  // Far enough that nothing of the box's surroundings is behind the camera.
  const distance = depth / 2 + margin + 50;
  const halfHeight = Math.max(shape.height / 2 + margin * 0.5, (across / 2 + margin * 0.5) / aspect);
  camera.left = -halfHeight * aspect;
  camera.right = halfHeight * aspect;
  camera.top = halfHeight;
  camera.bottom = -halfHeight;
  camera.near = distance - depth / 2 - margin;
  camera.far = distance + depth / 2 + margin;
  camera.up.copy(up);
  camera.position.set(shape.x, shape.y, shape.z).addScaledVector(from, distance);
  camera.lookAt(shape.x, shape.y, shape.z);
  camera.updateProjectionMatrix();
}

/** Metres across one CSS pixel of an orthographic view. */
export const metresPerPixel = (camera: OrthographicCamera, rect: ViewRect): number => (camera.right - camera.left) / camera.zoom / Math.max(1, rect.width);
