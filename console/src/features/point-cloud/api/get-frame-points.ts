// GET /manage/tasks/items/:itemId/frames/:index/points: a frame's cloud as the blob the import normalized it into.
import { decodePointCloud, type PointCloud } from '@annot/workflows';
import { api } from '@/lib/api-client';

export const framePointsPath = (itemId: string, frame: number): string => `/manage/tasks/items/${itemId}/frames/${frame}/points`;

export async function frameCloud(itemId: string, frame: number): Promise<PointCloud> {
  const blob = await api.blob(framePointsPath(itemId, frame));
  const cloud = decodePointCloud(new Uint8Array(await blob.arrayBuffer()));
  if (!cloud) throw new Error('not a point cloud');
  return cloud;
}
