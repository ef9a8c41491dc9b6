// The point-cloud editor's drawing, outside React: one WebGL renderer and one canvas holding four views by scissor.
// The perspective view draws the whole cloud; the top view only the points under the ground it shows, and the side
// and front views only those around the selected cuboid, each through an index over the same uploaded buffers, so
// the cloud is uploaded once and drawn in full once. A frame is drawn only when something changed.
import {
  BufferAttribute,
  BufferGeometry,
  Color,
  Float32BufferAttribute,
  Group,
  LineBasicMaterial,
  LineLoop,
  LineSegments,
  OrthographicCamera,
  PerspectiveCamera,
  Points,
  Raycaster,
  Scene,
  Vector2,
  Vector3,
  WebGLRenderer,
} from 'three';
import { cuboidCorners, cuboidEdges, cuboidRotation, type CuboidShape, type PointCloud } from '@annot/workflows';
import { knobAhead, type OrthoView, toLocal } from '../tools/cuboid-handles';
import { groundHeight } from '../tools/cuboid-fitting';
import {
  metresPerPixel,
  type Orbit,
  orbitDragged,
  orbitZoomed,
  placeAroundBox,
  placeOrbit,
  placeTop,
  startingOrbit,
  startingTop,
  topBounds,
  type TopView,
  viewAt,
  viewLayout,
  type ViewName,
  viewNames,
  type ViewRect,
} from './cloud-views';
import { applyPointStyle, type CloudRanges, createPointMaterial, defaultPointStyle, type PointStyle } from './point-material';

export interface SceneBox {
  id: string;
  shape: CuboidShape;
  color: string;
  /** Drawn brighter when selected; in the marks' colour when an inspector marked it. */
  emphasis: 'none' | 'selected' | 'flagged';
}

/** Layers: 0 every view, 1 the perspective view, 2 the top view, 3 the side and front views. */
const layerOf: Record<ViewName, number> = { perspective: 1, top: 2, side: 3, front: 3 };
const backgrounds: Record<ViewName, Color> = { perspective: new Color('#0b1020'), top: new Color('#0f172a'), side: new Color('#111827'), front: new Color('#111827') };
/** Metres of the selected box's surroundings the side and front views show beyond it. */
const sideMargin = 2;

type Vector = [number, number, number];

/** A cloud's arrays as the GPU takes them, with the index buffers of the cropped views. */
interface LoadedCloud {
  cloud: Pick<PointCloud, 'count' | 'positions'>;
  full: BufferGeometry;
  top: BufferGeometry;
  near: BufferGeometry;
  ranges: CloudRanges;
  ground: number;
}

export class PointCloudScene {
  readonly renderer: WebGLRenderer;
  private readonly scene = new Scene();
  private readonly perspective = new PerspectiveCamera(50, 1, 0.1, 2000);
  private readonly cameras: Record<Exclude<ViewName, 'perspective'>, OrthographicCamera> = { top: new OrthographicCamera(), side: new OrthographicCamera(), front: new OrthographicCamera() };
  private readonly material = createPointMaterial();
  private readonly overlayMaterial = createPointMaterial();
  private readonly fullPoints = new Points(new BufferGeometry(), this.material);
  private readonly topPoints = new Points(new BufferGeometry(), this.material);
  private readonly nearPoints = new Points(new BufferGeometry(), this.material);
  private readonly overlayPoints = new Points(new BufferGeometry(), this.overlayMaterial);
  private readonly boxLines = new LineSegments(new BufferGeometry(), new LineBasicMaterial({ vertexColors: true }));
  private readonly knob = new LineLoop(new BufferGeometry(), new LineBasicMaterial({ color: '#fde047' }));
  private readonly draftLine = new LineLoop(new BufferGeometry(), new LineBasicMaterial({ color: '#fde047' }));
  private readonly circles = new Group();
  private loaded: LoadedCloud | null = null;
  private style: PointStyle = defaultPointStyle;
  private boxes: SceneBox[] = [];
  private selected: CuboidShape | null = null;
  private orbit: Orbit = startingOrbit;
  private top: TopView = startingTop;
  private size = { width: 1, height: 1 };
  private layout = viewLayout(1, 1);
  private dirty = true;
  private cropsDirty = true;
  private frameId = 0;
  private readonly raycaster = new Raycaster();
  /** Called after each frame drawn, with the views it drew. */
  onRendered: (() => void) | null = null;

  constructor(canvas: HTMLCanvasElement) {
    this.renderer = new WebGLRenderer({ canvas, antialias: false, powerPreference: 'high-performance' });
    this.renderer.setScissorTest(true);
    this.renderer.setPixelRatio(Math.min(2, globalThis.devicePixelRatio ?? 1));
    this.overlayMaterial.uniforms.mode.value = 0;
    (this.overlayMaterial.uniforms.single.value as Color).set('#64748b');
    this.fullPoints.layers.set(1);
    this.overlayPoints.layers.set(1);
    this.topPoints.layers.set(2);
    this.nearPoints.layers.set(3);
    this.knob.layers.set(2);
    this.draftLine.layers.set(2);
    this.circles.layers.set(1);
    this.circles.layers.enable(2);
    for (const points of [this.fullPoints, this.topPoints, this.nearPoints, this.overlayPoints]) points.frustumCulled = false;
    this.boxLines.frustumCulled = false;
    this.draftLine.visible = false;
    this.knob.visible = false;
    this.scene.add(this.fullPoints, this.overlayPoints, this.topPoints, this.nearPoints, this.boxLines, this.knob, this.draftLine, this.circles);
    this.perspective.layers.enable(1);
    this.cameras.top.layers.enable(2);
    this.cameras.side.layers.enable(3);
    this.cameras.front.layers.enable(3);
  }

  /** Starts drawing on animation frames; a frame is drawn only after a change. */
  start(): void {
    const loop = () => {
      this.frameId = requestAnimationFrame(loop);
      if (!this.dirty) return;
      this.render();
    };
    this.frameId = requestAnimationFrame(loop);
  }

  dispose(): void {
    cancelAnimationFrame(this.frameId);
    this.releaseCloud();
    for (const object of [this.overlayPoints, this.boxLines, this.knob, this.draftLine]) object.geometry.dispose();
    this.clearCircles();
    this.material.dispose();
    this.overlayMaterial.dispose();
    this.renderer.dispose();
  }

  invalidate(): void {
    this.dirty = true;
  }

  /** The canvas's size in CSS pixels. */
  resize(width: number, height: number): void {
    this.size = { width: Math.max(1, width), height: Math.max(1, height) };
    this.renderer.setSize(this.size.width, this.size.height, false);
    this.layout = viewLayout(this.size.width, this.size.height);
    this.cropsDirty = true;
    this.applyStyle();
  }

  views(): Record<ViewName, ViewRect> {
    return this.layout;
  }

  /** The frame's cloud, replacing the one shown; its buffers go to the GPU with the next frame drawn. */
  setCloud(cloud: PointCloud): void {
    this.releaseCloud();
    const position = new BufferAttribute(cloud.positions, 3);
    const attributes: [string, BufferAttribute][] = [['position', position]];
    if (cloud.intensity) attributes.push(['intensity', new BufferAttribute(cloud.intensity, 1)]);
    if (cloud.colors) attributes.push(['rgb', new BufferAttribute(cloud.colors, 3, true)]);
    const geometry = (index: boolean) => {
      const g = new BufferGeometry();
      for (const [name, attribute] of attributes) g.setAttribute(name, attribute);
      if (index) g.setIndex(new BufferAttribute(new Uint32Array(Math.max(1, cloud.count)), 1));
      return g;
    };
    const { ground, ranges } = prepareCloud(cloud);
    this.loaded = { cloud, full: geometry(false), top: geometry(true), near: geometry(true), ranges, ground };
    this.fullPoints.geometry = this.loaded.full;
    this.topPoints.geometry = this.loaded.top;
    this.nearPoints.geometry = this.loaded.near;
    this.cropsDirty = true;
    this.applyStyle();
  }

  /** The ground height of the cloud shown, where new boxes without points stand and range circles lie. */
  ground(): number {
    return this.loaded?.ground ?? 0;
  }

  /** Earlier frames' points drawn faintly under the cloud in the perspective view; null for none. */
  setOverlay(positions: Float32Array | null): void {
    this.overlayPoints.geometry.dispose();
    const geometry = new BufferGeometry();
    if (positions) geometry.setAttribute('position', new BufferAttribute(positions, 3));
    this.overlayPoints.geometry = geometry;
    this.overlayPoints.visible = positions !== null;
    this.dirty = true;
  }

  setStyle(style: PointStyle): void {
    this.style = style;
    this.applyStyle();
  }

  /** The cuboids of the frame; the selected one (if any) is what the side and front views look at. */
  setBoxes(boxes: SceneBox[], selectedId: string | null): void {
    this.boxes = boxes;
    const previous = this.selected;
    this.selected = boxes.find((b) => b.id === selectedId)?.shape ?? null;
    if (!sameShape(previous, this.selected)) this.cropsDirty = true;
    this.buildBoxLines();
    this.buildKnob();
    this.dirty = true;
  }

  /** Ellipses on the ground around the sensor, by their semi-axes ahead and across, in metres. */
  setRangeCircles(ellipses: [number, number][]): void {
    this.clearCircles();
    for (const [a, b] of ellipses) {
      const points: number[] = [];
      for (let i = 0; i < 128; i++) {
        const t = (i / 128) * Math.PI * 2;
        points.push(a * Math.cos(t), b * Math.sin(t), 0);
      }
      const loop = new LineLoop(new BufferGeometry().setAttribute('position', new Float32BufferAttribute(points, 3)), new LineBasicMaterial({ color: '#38bdf8', transparent: true, opacity: 0.6 }));
      loop.layers.set(1);
      loop.layers.enable(2);
      this.circles.add(loop);
    }
    this.circles.position.z = this.ground();
    this.dirty = true;
  }

  /** A footprint being drawn in the top view (two opposite corners on the ground), or null. */
  setDraft(corners: [[number, number], [number, number]] | null): void {
    this.draftLine.visible = corners !== null;
    if (corners) {
      const [[x0, y0], [x1, y1]] = corners;
      const z = this.ground() + 0.05;
      this.draftLine.geometry.dispose();
      this.draftLine.geometry = new BufferGeometry().setAttribute('position', new Float32BufferAttribute([x0, y0, z, x1, y0, z, x1, y1, z, x0, y1, z], 3));
    }
    this.dirty = true;
  }

  /** The top view centred on a box at a span that shows its surroundings, and the perspective view turned to it. */
  focus(shape: CuboidShape): void {
    this.top = { centre: [shape.x, shape.y], span: Math.max(14, Math.max(shape.length, shape.width) * 4) };
    this.orbit = { ...this.orbit, target: [shape.x, shape.y, shape.z], distance: Math.min(this.orbit.distance, 25) };
    this.cropsDirty = true;
    this.dirty = true;
  }

  /** The view under a point of the canvas (CSS pixels), if any. */
  viewAt(x: number, y: number): ViewName | null {
    return viewAt(this.layout, x, y);
  }

  /** Whether a side or front view has a box to show. */
  hasSelection(): boolean {
    return this.selected !== null;
  }

  /** A drag in a view: the perspective view turns (or pans, with `pan`) and the top view pans. */
  drag(view: ViewName, dx: number, dy: number, pan: boolean): void {
    if (view === 'perspective') this.orbit = orbitDragged(this.orbit, dx, dy, pan, this.layout.perspective.height);
    else if (view === 'top') {
      const m = metresPerPixel(this.cameras.top, this.layout.top);
      // Ahead is up the screen and left is to its left.
      this.top = { ...this.top, centre: [this.top.centre[0] + dy * m, this.top.centre[1] + dx * m] };
      this.cropsDirty = true;
    }
    this.dirty = true;
  }

  zoom(view: ViewName, factor: number): void {
    if (view === 'perspective') this.orbit = orbitZoomed(this.orbit, factor);
    else if (view === 'top') {
      this.top = { ...this.top, span: Math.min(300, Math.max(4, this.top.span * factor)) };
      this.cropsDirty = true;
    } else return;
    this.dirty = true;
  }

  /**
   * A point of the canvas (CSS pixels) in an orthographic view as a point of the LiDAR frame in that view's plane
   * through the selected box (the ground, in the top view without one).
   */
  pointIn(view: OrthoView, x: number, y: number): Vector {
    const rect = this.layout[view];
    const camera = this.cameras[view];
    const ndc = new Vector3(((x - rect.x) / rect.width) * 2 - 1, -((y - rect.y) / rect.height) * 2 + 1, 0).unproject(camera);
    const direction = new Vector3();
    camera.getWorldDirection(direction);
    const through = this.selected ? new Vector3(this.selected.x, this.selected.y, this.selected.z) : new Vector3(0, 0, this.ground());
    // Along the view's direction onto the plane through the box's centre.
    const along = through.clone().sub(ndc).dot(direction);
    const point = ndc.addScaledVector(direction, along);
    return [point.x, point.y, point.z];
  }

  /** Metres across one pixel of an orthographic view, for how near the pointer must come to a handle. */
  pixelMetres(view: OrthoView): number {
    return metresPerPixel(this.cameras[view], this.layout[view]);
  }

  /** The box under a point of the canvas: the nearest one the pointer's ray meets in the perspective view, the one whose outline holds it in the others. */
  pickBox(x: number, y: number): string | null {
    const view = this.viewAt(x, y);
    if (!view) return null;
    if (view !== 'perspective') {
      const point = this.pointIn(view, x, y);
      const axes = { top: [0, 1], side: [0, 2], front: [1, 2] }[view];
      const hit = this.boxes.find((b) => {
        const local = toLocal(b.shape, point);
        const half = [b.shape.length / 2, b.shape.width / 2, b.shape.height / 2];
        return axes.every((axis) => Math.abs(local[axis]) <= half[axis]);
      });
      return hit?.id ?? null;
    }
    const rect = this.layout.perspective;
    this.raycaster.setFromCamera(new Vector2(((x - rect.x) / rect.width) * 2 - 1, -((y - rect.y) / rect.height) * 2 + 1), this.perspective);
    let best: { id: string; distance: number } | null = null;
    for (const box of this.boxes) {
      const distance = rayMeetsBox(this.raycaster.ray.origin, this.raycaster.ray.direction, box.shape);
      if (distance !== null && (!best || distance < best.distance)) best = { id: box.id, distance };
    }
    return best?.id ?? null;
  }

  /** The perspective view's camera as last drawn, with its rectangle: what a selection drawn over it is read through. */
  perspectiveView(): { camera: PerspectiveCamera; rect: ViewRect } {
    placeOrbit(this.perspective, this.orbit, this.layout.perspective.width / Math.max(1, this.layout.perspective.height));
    return { camera: this.perspective, rect: this.layout.perspective };
  }

  /** Draws the four views now. */
  render(): void {
    this.dirty = false;
    if (this.cropsDirty) this.updateCrops();
    const { width, height } = this.size;
    for (const name of viewNames) {
      const rect = this.layout[name];
      const camera = this.placeCamera(name, rect);
      if (!camera) {
        this.clearView(rect, backgrounds[name]);
        continue;
      }
      const bottom = height - rect.y - rect.height;
      this.renderer.setViewport(rect.x, bottom, rect.width, rect.height);
      this.renderer.setScissor(rect.x, bottom, rect.width, rect.height);
      this.renderer.setClearColor(backgrounds[name]);
      this.renderer.render(this.scene, camera);
    }
    this.renderer.setScissor(0, 0, width, height);
    this.onRendered?.();
  }

  private placeCamera(name: ViewName, rect: ViewRect): PerspectiveCamera | OrthographicCamera | null {
    const aspect = rect.width / Math.max(1, rect.height);
    if (name === 'perspective') {
      placeOrbit(this.perspective, this.orbit, aspect);
      return this.perspective;
    }
    if (name === 'top') {
      placeTop(this.cameras.top, this.top, aspect);
      return this.cameras.top;
    }
    if (!this.selected) return null;
    placeAroundBox(this.cameras[name], name, this.selected, aspect, sideMargin);
    return this.cameras[name];
  }

  private clearView(rect: ViewRect, color: Color): void {
    const bottom = this.size.height - rect.y - rect.height;
    this.renderer.setViewport(rect.x, bottom, rect.width, rect.height);
    this.renderer.setScissor(rect.x, bottom, rect.width, rect.height);
    this.renderer.setClearColor(color);
    this.renderer.clear();
  }

  /** The indices of the points the top view shows and of those around the selected box. */
  private updateCrops(): void {
    this.cropsDirty = false;
    const loaded = this.loaded;
    if (!loaded) return;
    const rect = this.layout.top;
    const [minX, minY, maxX, maxY] = topBounds(this.top, rect.width / Math.max(1, rect.height));
    const p = loaded.cloud.positions;
    const count = loaded.cloud.count;
    const topIndex = loaded.top.index!;
    const nearIndex = loaded.near.index!;
    const topArray = topIndex.array as Uint32Array;
    const nearArray = nearIndex.array as Uint32Array;
    // Both crops in one pass over the cloud; without a selected box nothing is near.
    const shape = this.selected;
    const r = shape ? cuboidRotation(shape) : null;
    const [bx, by, bz] = shape ? [shape.x, shape.y, shape.z] : [0, 0, 0];
    const [hl, hw, hh] = shape ? [shape.length / 2 + sideMargin, shape.width / 2 + sideMargin, shape.height / 2 + sideMargin] : [0, 0, 0];
    const reach = shape ? Math.hypot(hl, hw, hh) : -1;
    let [k, n] = [0, 0];
    for (let i = 0; i < count; i++) {
      const x = p[i * 3];
      const y = p[i * 3 + 1];
      if (x >= minX && x <= maxX && y >= minY && y <= maxY) topArray[k++] = i;
      if (r === null) continue;
      const dx = x - bx;
      const dy = y - by;
      const dz = p[i * 3 + 2] - bz;
      if (Math.abs(dx) > reach || Math.abs(dy) > reach || Math.abs(dz) > reach) continue;
      const lx = r[0] * dx + r[3] * dy + r[6] * dz;
      const ly = r[1] * dx + r[4] * dy + r[7] * dz;
      const lz = r[2] * dx + r[5] * dy + r[8] * dz;
      if (Math.abs(lx) <= hl && Math.abs(ly) <= hw && Math.abs(lz) <= hh) nearArray[n++] = i;
    }
    setCrop(loaded.top, topIndex, k);
    setCrop(loaded.near, nearIndex, n);
  }

  private buildBoxLines(): void {
    const positions = new Float32Array(this.boxes.length * 14 * 2 * 3);
    const colors = new Float32Array(positions.length);
    const color = new Color();
    let v = 0;
    const put = (point: Vector) => {
      positions.set(point, v * 3);
      colors.set([color.r, color.g, color.b], v * 3);
      v++;
    };
    for (const box of this.boxes) {
      color.set(box.emphasis === 'flagged' ? '#ef4444' : box.color);
      if (box.emphasis === 'selected') color.lerp(new Color('#ffffff'), 0.55);
      const corners = cuboidCorners(box.shape);
      for (const [i, j] of cuboidEdges) {
        put(corners[i]);
        put(corners[j]);
      }
      // A cross on the front face shows where the box is heading.
      put(corners[0]);
      put(corners[5]);
      put(corners[1]);
      put(corners[4]);
    }
    this.boxLines.geometry.dispose();
    this.boxLines.geometry = new BufferGeometry().setAttribute('position', new BufferAttribute(positions, 3)).setAttribute('color', new BufferAttribute(colors, 3));
  }

  private buildKnob(): void {
    this.knob.visible = this.selected !== null;
    if (!this.selected) return;
    const shape = this.selected;
    const radius = Math.max(0.25, shape.width * 0.12);
    const ahead = knobAhead(shape, this.pixelMetres('top') * 8);
    const [c, s] = [Math.cos(shape.yaw), Math.sin(shape.yaw)];
    const points: number[] = [];
    for (let i = 0; i < 24; i++) {
      const t = (i / 24) * Math.PI * 2;
      const [u, w] = [ahead + radius * Math.cos(t), radius * Math.sin(t)];
      points.push(shape.x + c * u - s * w, shape.y + s * u + c * w, shape.z + shape.height / 2);
    }
    this.knob.geometry.dispose();
    this.knob.geometry = new BufferGeometry().setAttribute('position', new Float32BufferAttribute(points, 3));
  }

  private applyStyle(): void {
    if (this.loaded) applyPointStyle(this.material, this.style, this.loaded.ranges, this.renderer.getPixelRatio());
    this.overlayMaterial.uniforms.size.value = Math.max(1, this.style.size - 1) * this.renderer.getPixelRatio();
    this.dirty = true;
  }

  private releaseCloud(): void {
    if (!this.loaded) return;
    // The shared attributes leave the GPU with the first geometry disposed; the index buffers with each.
    this.loaded.full.dispose();
    this.loaded.top.dispose();
    this.loaded.near.dispose();
    this.loaded = null;
  }

  private clearCircles(): void {
    for (const child of [...this.circles.children]) {
      const loop = child as LineLoop;
      loop.geometry.dispose();
      (loop.material as LineBasicMaterial).dispose();
      this.circles.remove(loop);
    }
  }

  /** The canvas's pixel at a point of the canvas (CSS pixels), read back from the GPU: what the benchmarks wait on. */
  readPixel(x: number, y: number): Uint8Array {
    const gl = this.renderer.getContext();
    const ratio = this.renderer.getPixelRatio();
    const pixel = new Uint8Array(4);
    gl.readPixels(Math.floor(x * ratio), Math.floor((this.size.height - y - 1) * ratio), 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
    return pixel;
  }
}

function setCrop(geometry: BufferGeometry, index: BufferAttribute, count: number): void {
  index.clearUpdateRanges();
  index.addUpdateRange(0, Math.max(1, count));
  index.needsUpdate = true;
  geometry.setDrawRange(0, count);
}

const sameShape = (a: CuboidShape | null, b: CuboidShape | null) =>
  a === b || (a !== null && b !== null && a.x === b.x && a.y === b.y && a.z === b.z && a.length === b.length && a.width === b.width && a.height === b.height && a.yaw === b.yaw);

const prepared = new WeakMap<PointCloud, { ground: number; ranges: CloudRanges }>();

/**
 * What the scene reads of a cloud before drawing it (its ground, the ranges its colours scale over), worked out once:
 * prefetching calls it, so a frame switch finds it ready.
 */
export function prepareCloud(cloud: PointCloud): { ground: number; ranges: CloudRanges } {
  let found = prepared.get(cloud);
  if (!found) {
    const ground = groundHeight(cloud);
    found = { ground, ranges: cloudRanges(cloud, ground) };
    prepared.set(cloud, found);
  }
  return found;
}

/** The ranges the colour modes scale over: heights from the ground up, distances out to the cloud's reach, reflectance as it comes. */
function cloudRanges(cloud: PointCloud, ground: number): CloudRanges {
  let [low, high] = [Infinity, -Infinity];
  if (cloud.intensity) {
    for (let i = 0; i < cloud.count; i++) {
      const value = cloud.intensity[i];
      if (value < low) low = value;
      if (value > high) high = value;
    }
  }
  const { min, max } = cloud.bounds;
  const reach = Math.max(Math.abs(min[0]), Math.abs(max[0]), Math.abs(min[1]), Math.abs(max[1]));
  return {
    height: [ground - 0.3, Math.min(max[2], ground + 5)],
    depthMax: Math.min(Math.max(reach, 10), 80),
    intensity: low <= high ? [low, high] : [0, 1],
    hasIntensity: cloud.intensity !== null,
    hasColor: cloud.colors !== null,
  };
}

/** How far along a ray (unit direction) it first meets a box, or null where it misses. */
function rayMeetsBox(origin: Vector3, direction: Vector3, shape: CuboidShape): number | null {
  const o = toLocal(shape, [origin.x, origin.y, origin.z]);
  const r = cuboidRotation(shape);
  const d = [r[0] * direction.x + r[3] * direction.y + r[6] * direction.z, r[1] * direction.x + r[4] * direction.y + r[7] * direction.z, r[2] * direction.x + r[5] * direction.y + r[8] * direction.z];
  const half = [shape.length / 2, shape.width / 2, shape.height / 2];
  let [near, far] = [-Infinity, Infinity];
  for (let axis = 0; axis < 3; axis++) {
    if (Math.abs(d[axis]) < 1e-12) {
      if (Math.abs(o[axis]) > half[axis]) return null;
      continue;
    }
    const a = (-half[axis] - o[axis]) / d[axis];
    const b = (half[axis] - o[axis]) / d[axis];
    near = Math.max(near, Math.min(a, b));
    far = Math.min(far, Math.max(a, b));
  }
  return near <= far && far >= 0 ? Math.max(near, 0) : null;
}
