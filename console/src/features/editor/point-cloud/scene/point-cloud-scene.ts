// The point-cloud editor's drawing, outside React: one WebGL renderer and one canvas holding four views by scissor.
// The cloud is uploaded once, in its grid's order (cloud-grid.ts), and each view draws runs of it: the perspective
// view the cells in its frustum, the top view those under the ground it shows, the side and front views those around
// the selected cuboid. A frame switch of the same size refills the same GPU buffers, and only those the colour mode
// reads. A frame is drawn only when something changed, and nothing is worked out per frame over the points or the
// cuboids.
import {
  Box3,
  BufferAttribute,
  BufferGeometry,
  Color,
  Float32BufferAttribute,
  Frustum,
  Group,
  LineBasicMaterial,
  LineLoop,
  LineSegments,
  Matrix4,
  OrthographicCamera,
  PerspectiveCamera,
  Points,
  Raycaster,
  Scene,
  Vector2,
  Vector3,
  WebGLRenderer,
} from 'three';
import { cuboidCorners, cuboidEdges, cuboidRotation, type CuboidShape, forEachRun, type PointCloud, type SegmentShape } from '@annot/workflows';
import { knobAhead, type OrthoView, toLocal } from '../tools/cuboid-handles';
import { type CloudGrid, type DrawRange, drawnPlaces, gridRanges, prepareCloud } from './cloud-grid';
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
import { applyPointStyle, type ColorMode, createPointMaterial, defaultPointStyle, type PointStyle, shownMode } from './point-material';

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

/** The GPU's copy of a cloud in its grid's order: the attributes every view shares, and each view's runs of them. */
interface LoadedCloud {
  grid: CloudGrid;
  attributes: Record<'position' | 'intensity' | 'rgb', BufferAttribute | null>;
  full: BufferGeometry;
  top: BufferGeometry;
  near: BufferGeometry;
  /** The selected points, by their place in the grid's order; its index is made on first use. */
  highlight: BufferGeometry;
  /** Attributes holding a later frame's array than the GPU's copy: the colour mode shown does not read them. */
  stale: Set<ColorAttribute>;
}

type ColorAttribute = 'intensity' | 'rgb';
const attributeOfMode: Partial<Record<ColorMode, ColorAttribute>> = { intensity: 'intensity', rgb: 'rgb' };

export class PointCloudScene {
  readonly renderer: WebGLRenderer;
  private readonly scene = new Scene();
  private readonly perspective = new PerspectiveCamera(50, 1, 0.1, 2000);
  private readonly cameras: Record<Exclude<ViewName, 'perspective'>, OrthographicCamera> = { top: new OrthographicCamera(), side: new OrthographicCamera(), front: new OrthographicCamera() };
  private readonly material = createPointMaterial();
  private readonly overlayMaterial = createPointMaterial();
  private readonly highlightMaterial = createPointMaterial();
  // Drawn by their geometry's groups: one draw of each run of points a view shows.
  private readonly fullPoints = new Points(new BufferGeometry(), [this.material]);
  private readonly topPoints = new Points(new BufferGeometry(), [this.material]);
  private readonly nearPoints = new Points(new BufferGeometry(), [this.material]);
  private readonly highlightPoints = new Points(new BufferGeometry(), this.highlightMaterial);
  private highlightMask: Uint8Array | null = null;
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
    this.highlightMaterial.uniforms.mode.value = 0;
    (this.highlightMaterial.uniforms.single.value as Color).set('#f0abfc');
    this.fullPoints.layers.set(1);
    this.overlayPoints.layers.set(1);
    this.topPoints.layers.set(2);
    this.nearPoints.layers.set(3);
    this.knob.layers.set(2);
    this.draftLine.layers.set(2);
    this.circles.layers.set(1);
    this.circles.layers.enable(2);
    this.highlightPoints.visible = false;
    for (const points of [this.fullPoints, this.topPoints, this.nearPoints, this.overlayPoints, this.highlightPoints]) points.frustumCulled = false;
    this.boxLines.frustumCulled = false;
    this.draftLine.visible = false;
    this.knob.visible = false;
    this.scene.add(this.fullPoints, this.overlayPoints, this.topPoints, this.nearPoints, this.highlightPoints, this.boxLines, this.knob, this.draftLine, this.circles);
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
    this.highlightMaterial.dispose();
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

  /**
   * The frame's cloud, replacing the one shown; its buffers go to the GPU with the next frame drawn, into those of the
   * cloud shown where they have as much room and the same arrays. Reflectance and colours wait until a mode reads them:
   * most frames are looked at by height and never need them. Its highlight is cleared.
   */
  setCloud(cloud: PointCloud): void {
    const grid = prepareCloud(cloud);
    const arrays = { position: grid.positions, intensity: grid.intensity, rgb: grid.colors };
    const loaded = this.loaded;
    if (loaded && loaded.grid.capacity === grid.capacity && (['intensity', 'rgb'] as const).every((name) => (loaded.attributes[name] === null) === (arrays[name] === null))) {
      for (const name of ['position', 'intensity', 'rgb'] as const) {
        const attribute = loaded.attributes[name];
        if (!attribute) continue;
        attribute.array = arrays[name]!;
        if (name === 'position') upload(attribute, grid.count);
        else loaded.stale.add(name);
      }
      loaded.grid = grid;
      loaded.highlight.setDrawRange(0, 0);
    } else {
      this.releaseCloud();
      const attributes = {
        position: new BufferAttribute(grid.positions, 3),
        intensity: grid.intensity && new BufferAttribute(grid.intensity, 1),
        rgb: grid.colors && new BufferAttribute(grid.colors, 3, true),
      };
      const geometry = () => {
        const g = new BufferGeometry();
        for (const [name, attribute] of Object.entries(attributes)) if (attribute) g.setAttribute(name, attribute);
        return g;
      };
      this.loaded = { grid, attributes, full: geometry(), top: geometry(), near: geometry(), highlight: geometry(), stale: new Set() };
      this.loaded.highlight.setDrawRange(0, 0);
      this.fullPoints.geometry = this.loaded.full;
      this.topPoints.geometry = this.loaded.top;
      this.nearPoints.geometry = this.loaded.near;
      this.highlightPoints.geometry = this.loaded.highlight;
    }
    this.highlightPoints.visible = false;
    this.circles.position.z = this.ground();
    this.cropsDirty = true;
    this.applyStyle();
  }

  /** The ground height of the cloud shown, where new boxes without points stand and range circles lie. */
  ground(): number {
    return this.loaded?.grid.ground ?? 0;
  }

  /** The points of a segment of the cloud shown drawn larger and in the highlight's colour, in every view; null for none. */
  setHighlight(segment: SegmentShape | null): void {
    const loaded = this.loaded;
    this.dirty = true;
    this.highlightPoints.visible = false;
    if (!loaded || !segment) return;
    const { grid } = loaded;
    const mask = this.highlightMask?.length === grid.count ? this.highlightMask.fill(0) : new Uint8Array(grid.count);
    forEachRun(segment, (start, end) => mask.fill(1, start, Math.min(end, grid.count)));
    this.highlightMask = mask;
    if (!loaded.highlight.index) loaded.highlight.setIndex(new BufferAttribute(new Uint32Array(grid.capacity), 1));
    const index = loaded.highlight.index!;
    const k = drawnPlaces(grid, mask, index.array as Uint32Array);
    index.clearUpdateRanges();
    index.addUpdateRange(0, Math.max(1, k));
    index.needsUpdate = true;
    loaded.highlight.setDrawRange(0, k);
    this.highlightPoints.visible = k > 0;
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
      refilled(this.draftLine, 12, ['position'])[0].set([x0, y0, z, x1, y0, z, x1, y1, z, x0, y1, z]);
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
    if (view === 'perspective') {
      this.orbit = orbitDragged(this.orbit, dx, dy, pan, this.layout.perspective.height);
      this.cropsDirty = true;
    } else if (view === 'top') {
      const m = metresPerPixel(this.cameras.top, this.layout.top);
      // Ahead is up the screen and left is to its left.
      this.top = { ...this.top, centre: [this.top.centre[0] + dy * m, this.top.centre[1] + dx * m] };
      this.cropsDirty = true;
    }
    this.dirty = true;
  }

  zoom(view: ViewName, factor: number): void {
    if (view === 'perspective') {
      this.orbit = orbitZoomed(this.orbit, factor);
      this.cropsDirty = true;
    } else if (view === 'top') {
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
    const { width, height } = this.size;
    const cameras = viewNames.map((name) => this.placeCamera(name, this.layout[name]));
    if (this.cropsDirty) this.updateCrops();
    for (const [i, name] of viewNames.entries()) {
      const rect = this.layout[name];
      const camera = cameras[i];
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

  /** The runs of points each view draws: the cells in the perspective view's frustum, under the top view, around the selected box. */
  private updateCrops(): void {
    this.cropsDirty = false;
    const loaded = this.loaded;
    if (!loaded) return;
    const { grid } = loaded;
    this.perspective.updateMatrixWorld();
    frustum.setFromProjectionMatrix(projection.multiplyMatrices(this.perspective.projectionMatrix, this.perspective.matrixWorldInverse));
    const [low, high] = grid.heights;
    setRuns(loaded.full, gridRanges(grid, null, (x0, y0, x1, y1) => frustum.intersectsBox(cellBox.set(corner.set(x0, y0, low), far.set(x1, y1, high)))));
    const rect = this.layout.top;
    setRuns(loaded.top, gridRanges(grid, topBounds(this.top, rect.width / Math.max(1, rect.height))));
    const shape = this.selected;
    if (!shape) return setRuns(loaded.near, []);
    // Every point the side and front views can show lies within this reach of the box's centre on the ground.
    const reach = Math.hypot(shape.length / 2 + sideMargin, shape.width / 2 + sideMargin, shape.height / 2 + sideMargin);
    setRuns(loaded.near, gridRanges(grid, [shape.x - reach, shape.y - reach, shape.x + reach, shape.y + reach]));
  }

  private buildBoxLines(): void {
    const [positions, colors] = refilled(this.boxLines, this.boxes.length * 14 * 2 * 3, ['position', 'color']);
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
  }

  private buildKnob(): void {
    this.knob.visible = this.selected !== null;
    if (!this.selected) return;
    const shape = this.selected;
    const radius = Math.max(0.25, shape.width * 0.12);
    const ahead = knobAhead(shape, this.pixelMetres('top') * 8);
    const [c, s] = [Math.cos(shape.yaw), Math.sin(shape.yaw)];
    const [points] = refilled(this.knob, 24 * 3, ['position']);
    for (let i = 0; i < 24; i++) {
      const t = (i / 24) * Math.PI * 2;
      const [u, w] = [ahead + radius * Math.cos(t), radius * Math.sin(t)];
      points.set([shape.x + c * u - s * w, shape.y + s * u + c * w, shape.z + shape.height / 2], i * 3);
    }
  }

  private applyStyle(): void {
    const loaded = this.loaded;
    if (loaded) {
      applyPointStyle(this.material, this.style, loaded.grid.ranges, this.renderer.getPixelRatio());
      const read = attributeOfMode[shownMode(this.style, loaded.grid.ranges)];
      if (read && loaded.stale.delete(read)) upload(loaded.attributes[read]!, loaded.grid.count);
    }
    this.overlayMaterial.uniforms.size.value = Math.max(1, this.style.size - 1) * this.renderer.getPixelRatio();
    this.highlightMaterial.uniforms.size.value = (this.style.size + 2) * this.renderer.getPixelRatio();
    this.dirty = true;
  }

  private releaseCloud(): void {
    if (!this.loaded) return;
    // The shared attributes leave the GPU with the first geometry disposed; the highlight's index with its own.
    for (const geometry of [this.loaded.full, this.loaded.top, this.loaded.near, this.loaded.highlight]) geometry.dispose();
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

const frustum = new Frustum();
const projection = new Matrix4();
const cellBox = new Box3();
const corner = new Vector3();
const far = new Vector3();

/** The attribute's array goes to the GPU with the next frame drawn: only the cloud's own points, as the room after them is never drawn. */
function upload(attribute: BufferAttribute, count: number): void {
  attribute.clearUpdateRanges();
  attribute.addUpdateRange(0, count * attribute.itemSize);
  attribute.needsUpdate = true;
}

/**
 * The line's arrays of three floats a vertex, `length` floats each, to be written and uploaded with the next frame
 * drawn: those it has where they are as long, as a frame switch or a drag moves the lines without adding any, else new.
 */
function refilled(line: LineSegments | LineLoop, length: number, names: string[]): Float32Array[] {
  let geometry = line.geometry;
  if (geometry.getAttribute(names[0])?.array.length !== length) {
    geometry.dispose();
    geometry = new BufferGeometry();
    for (const name of names) geometry.setAttribute(name, new BufferAttribute(new Float32Array(length), 3));
    line.geometry = geometry;
  }
  return names.map((name) => {
    const attribute = geometry.getAttribute(name) as BufferAttribute;
    attribute.needsUpdate = true;
    return attribute.array as Float32Array;
  });
}

function setRuns(geometry: BufferGeometry, runs: DrawRange[]): void {
  geometry.clearGroups();
  for (const [start, count] of runs) geometry.addGroup(start, count, 0);
}

const sameShape = (a: CuboidShape | null, b: CuboidShape | null) =>
  a === b || (a !== null && b !== null && a.x === b.x && a.y === b.y && a.z === b.z && a.length === b.length && a.width === b.width && a.height === b.height && a.yaw === b.yaw);

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
