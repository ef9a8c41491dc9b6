// GET /manage/items/:itemId/frames/:index/points: a frame's cloud, fetched and decoded in the cloud worker so
// the views keep drawing meanwhile.
import type { PointCloud } from '@annot/workflows';
import { readToken } from '@/lib/auth-token';
import { loadPointCloud, pointCloudUrl } from '../cloud-worker-client';

export const frameCloud = (itemId: string, frame: number): Promise<PointCloud> => loadPointCloud(pointCloudUrl(itemId, frame), readToken());
