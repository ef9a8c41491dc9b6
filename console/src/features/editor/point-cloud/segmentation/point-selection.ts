// A selection gesture turned into the cloud's point indices through the three.js camera of the view it was drawn on,
// and applied to a segment.
import { type Camera, Matrix4 } from 'three';
import { addPoints, removePoints, type ScreenRegion, type SegmentShape, segmentFromIndices, selectPoints, type Viewport } from '@annot/workflows';

export interface SelectableCloud {
  count: number;
  positions: Float32Array;
}

/** camera.projectionMatrix · camera.matrixWorldInverse, with the camera's world matrix brought up to date first. */
export function viewProjectionOf(camera: Camera, into = new Matrix4()): Matrix4 {
  camera.updateMatrixWorld();
  return into.multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse);
}

/** Where a view sits in the canvas the overlay covers, in CSS pixels from its top left (x and y 0 where absent). */
export type ViewArea = Viewport & { x?: number; y?: number };

/**
 * A selector for one cloud: it answers the indices (ascending) of the points a region covers in a view, the region in
 * CSS pixels of the canvas and the view an area of it (as one canvas holds several views). Its answer views a buffer
 * it keeps for the next gesture, so read or copy it before selecting again.
 */
export function createPointSelector(cloud: SelectableCloud): (camera: Camera, view: ViewArea, region: ScreenRegion) => Uint32Array {
  // Made on the first gesture: a selector is made for every frame shown, most of which nobody selects in.
  let buffer: Uint32Array | null = null;
  const matrix = new Matrix4();
  return (camera, view, region) => {
    buffer ??= new Uint32Array(cloud.count);
    return selectPoints(cloud.positions, cloud.count, viewProjectionOf(camera, matrix).elements, view, withinView(region, view.x ?? 0, view.y ?? 0), buffer);
  };
}

/** The region with its origin moved to the view's top left. */
export function withinView(region: ScreenRegion, x: number, y: number): ScreenRegion {
  if (x === 0 && y === 0) return region;
  if (region.kind === 'rect') return { ...region, x: region.x - x, y: region.y - y };
  return { ...region, points: region.points.map((value, i) => value - (i % 2 === 0 ? x : y)) };
}

/** The segment with the selected points added, or taken away where `remove`; a new segment where there was none. */
export function applySelection(shape: SegmentShape | null, pointCount: number, indices: Uint32Array, remove: boolean): SegmentShape | null {
  if (!shape) return remove || indices.length === 0 ? null : segmentFromIndices(indices, pointCount);
  return remove ? removePoints(shape, indices) : addPoints(shape, indices);
}
