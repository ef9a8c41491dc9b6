// The page's side of the point cloud worker: one worker shared by every view, and a frame's cloud loaded from the
// API and decoded there.
import * as Comlink from 'comlink';
import { type CuboidShape, type Matrix4, type PointCloud, PointCloudError, type PointCloudErrorKey } from '@annot/workflows';
import { ApiError, type Envelope } from '@/lib/api-client';
import { currentApiLanguage, i18n } from '@/lib/i18n';
import type { CloudRefusal, CloudWorker } from './cloud-worker';
import { adoptGrid } from './scene/cloud-grid';

let shared: Comlink.Remote<CloudWorker> | null = null;

/** The one worker, started on first use. */
export function cloudWorker(): Comlink.Remote<CloudWorker> {
  shared ??= Comlink.wrap<CloudWorker>(new Worker(new URL('./cloud-worker.ts', import.meta.url), { type: 'module', name: 'point-cloud' }));
  return shared;
}

const isRefusal = (error: unknown): error is CloudRefusal =>
  typeof error === 'object' && error !== null && typeof (error as CloudRefusal).messageKey === 'string';

/** The worker's answer, a refusal turned back into the PointCloudError it was. */
async function answered<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isRefusal(error)) throw new PointCloudError(error.messageKey as PointCloudErrorKey, error.params);
    throw error;
  }
}

/** The worker's handle of each cloud it decoded, under which it keeps the cloud's positions. */
const handles = new WeakMap<PointCloud, number>();

/** The cloud of a stored frame blob, with its grid for drawing kept; the buffer moves to the worker and is unusable after. */
export async function decodePointCloudBlob(buffer: ArrayBuffer): Promise<PointCloud> {
  const { cloud, grid, handle } = await answered(cloudWorker().decode(Comlink.transfer(buffer, [buffer])));
  adoptGrid(cloud, grid);
  handles.set(cloud, handle);
  return cloud;
}

/** How many of a decoded cloud's points lie inside the cuboid, counted in the worker; null where it was let go. */
export async function pointsInBox(cloud: PointCloud, shape: CuboidShape): Promise<number | null> {
  const handle = handles.get(cloud);
  return handle === undefined ? null : cloudWorker().countInside(handle, shape);
}

/** Earlier decoded clouds moved into the current frame (null transform: left where they are), gathered in the worker. */
export async function overlayOf(parts: { cloud: PointCloud; toCurrent: Matrix4 | null }[]): Promise<Float32Array | null> {
  const known = parts.flatMap(({ cloud, toCurrent }) => {
    const handle = handles.get(cloud);
    return handle === undefined ? [] : [{ handle, toCurrent }];
  });
  return known.length === 0 ? null : cloudWorker().overlay(known);
}

/** Lets the worker drop its copy of clouds the page no longer keeps. */
export function releaseClouds(clouds: PointCloud[]): void {
  const known = clouds.flatMap((cloud) => (handles.has(cloud) ? [handles.get(cloud)!] : []));
  if (known.length > 0) void cloudWorker().release(known);
}

/** Where the API serves a frame's cloud blob. */
export const pointCloudUrl = (itemId: string, frame: number): string => `/manage/items/${itemId}/frames/${frame}/points`;

/**
 * A frame's cloud: the blob fetched with the session's token and decoded in the worker. A refusal of the API is its
 * ApiError, in the reader's language.
 */
export async function loadPointCloud(url: string, token: string | null, signal?: AbortSignal): Promise<PointCloud> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { 'x-language': currentApiLanguage(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'NETWORK', i18n.t('request_fail'));
  }
  if (!response.ok || response.headers.get('content-type')?.includes('application/json')) {
    const envelope = (await response.json().catch(() => null)) as Envelope<unknown> | null;
    throw new ApiError(envelope?.code ?? response.status, envelope?.errCode ?? 'BAD_RESPONSE', envelope?.message ?? i18n.t('request_fail'), envelope?.data ?? null);
  }
  return decodePointCloudBlob(await response.arrayBuffer());
}
