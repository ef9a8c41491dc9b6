// The point cloud worker: parses a source file or decodes a stored frame blob off the main thread, lays a frame's
// cloud out for drawing (its grid), and hands the arrays back by transfer, not by copy. It keeps each decoded frame's
// positions under a handle, so the points inside a box and the overlay of earlier frames are counted and gathered
// here, never on the page's thread.
import * as Comlink from 'comlink';
import { type CuboidShape, decodePointCloud, type PointCloud, PointCloudError, ParseScratch, parsePointCloud, wasmLzf } from '@annot/workflows';
import lzfWasm from 'virtual:lzf-wasm';
import { HeldClouds, type OverlayPart } from './held-clouds';
import { type CloudGrid, gridBuffers, gridCloud } from './scene/cloud-grid';

/** A refusal as it crosses to the page: Comlink keeps only an Error's message, so the key and params travel as data. */
export interface CloudRefusal {
  messageKey: string;
  params: Record<string, string | number>;
}

function cloudBuffers(cloud: PointCloud): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const array of [cloud.positions, cloud.intensity, cloud.colors]) if (array) buffers.add(array.buffer as ArrayBuffer);
  return [...buffers];
}

const transferred = (cloud: PointCloud): PointCloud => Comlink.transfer(cloud, cloudBuffers(cloud));

function refusing<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof PointCloudError) throw { messageKey: error.messageKey, params: error.params } satisfies CloudRefusal;
    throw error;
  }
}

/**
 * The working memory of every parse in turn (a compressed file's expanded stream, some 16 bytes a point), held for
 * the worker's life: in Chromium, expanding into fresh memory takes about twice as long as into pages already mapped.
 * Compressed streams expand in the WebAssembly decoder's memory, at about twice the JavaScript decoder's speed,
 * wherever the browser runs it.
 */
const scratch = new ParseScratch(wasmLzf(lzfWasm));

const held = new HeldClouds();

const cloudWorker = {
  /**
   * The cloud of a PCD, KITTI .bin, nuScenes .pcd.bin or PLY file. The buffer was transferred here and is read once,
   * so the cloud's arrays are written over it where they fit rather than into fresh memory.
   */
  parse(fileName: string, buffer: ArrayBuffer): PointCloud {
    return transferred(refusing(() => parsePointCloud(fileName, new Uint8Array(buffer), { reuseInput: true, scratch })));
  },
  /**
   * The cloud of a frame's stored blob (its arrays view the blob's own memory) and its grid, ready to draw, with the
   * handle its positions are kept here under until `release`.
   */
  decode(buffer: ArrayBuffer): { cloud: PointCloud; grid: CloudGrid; handle: number } {
    const cloud = decodePointCloud(new Uint8Array(buffer));
    if (!cloud) throw { messageKey: 'pointcloud.header_invalid', params: { keyword: 'APC1' } } satisfies CloudRefusal;
    const grid = gridCloud(cloud);
    const handle = held.hold(cloud);
    return Comlink.transfer({ cloud, grid, handle }, [...cloudBuffers(cloud), ...gridBuffers(grid)]);
  },
  /** How many points of a kept frame lie inside the cuboid; null where the frame was let go. */
  countInside(handle: number, shape: CuboidShape): number | null {
    return held.countInside(handle, shape);
  },
  /** Earlier kept frames moved into the current one under the overlay's budget, handed over by transfer. */
  overlay(parts: OverlayPart[]): Float32Array | null {
    const positions = held.overlay(parts);
    return positions ? Comlink.transfer(positions, [positions.buffer as ArrayBuffer]) : null;
  },
  release(handles: number[]): void {
    held.release(handles);
  },
};

export type CloudWorker = typeof cloudWorker;

Comlink.expose(cloudWorker);
