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

/**
 * A selector for one cloud: it answers the indices (ascending) of the points a region covers in a view of the given
 * CSS size. Its answer views a buffer it keeps for the next gesture, so read or copy it before selecting again.
 */
export function createPointSelector(cloud: SelectableCloud): (camera: Camera, viewport: Viewport, region: ScreenRegion) => Uint32Array {
  const buffer = new Uint32Array(cloud.count);
  const matrix = new Matrix4();
  return (camera, viewport, region) => selectPoints(cloud.positions, cloud.count, viewProjectionOf(camera, matrix).elements, viewport, region, buffer);
}

/** The segment with the selected points added, or taken away where `remove`; a new segment where there was none. */
export function applySelection(shape: SegmentShape | null, pointCount: number, indices: Uint32Array, remove: boolean): SegmentShape | null {
  if (!shape) return remove || indices.length === 0 ? null : segmentFromIndices(indices, pointCount);
  return remove ? removePoints(shape, indices) : addPoints(shape, indices);
}
