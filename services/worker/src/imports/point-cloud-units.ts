// The upload layout of point-cloud projects: each folder holding `lidar/` is one item, with its cameras' images,
// their calibration, and optionally its frames' ego poses and times beside it. See the README's "Point clouds".
import path from 'node:path';
import type { AnnotationType } from '@annot/workflows';
import type { SourceFile } from './import-source';
import { timestampsFileName } from './import-units';

export const pointCloudTypes = [
  'point_cloud_single_frame',
  'point_cloud_continuous_frame',
  'point_cloud_fusion_single_frame',
  'point_cloud_fusion_continuous_frame',
  'point_cloud_semantic_segmentation',
] as const satisfies readonly AnnotationType[];
export type PointCloudType = (typeof pointCloudTypes)[number];

export const isPointCloudType = (type: AnnotationType | null): type is PointCloudType => (pointCloudTypes as readonly string[]).includes(type ?? '');
/** Types whose items are one cloud each. */
export const isSingleFrame = (type: PointCloudType): boolean => type !== 'point_cloud_continuous_frame' && type !== 'point_cloud_fusion_continuous_frame';
export const isFusion = (type: PointCloudType): boolean => type === 'point_cloud_fusion_single_frame' || type === 'point_cloud_fusion_continuous_frame';

export const egoPosesFileName = 'ego_poses.json';

/** One item of a point-cloud upload; every list in name order. */
export interface PointCloudUnit {
  kind: 'point-cloud';
  name: string;
  /** `lidar/`: one cloud per frame. */
  clouds: SourceFile[];
  /** `cameras/<camera>/`: images named as the clouds they go with. */
  cameras: Map<string, SourceFile[]>;
  /** `calib/`: <camera>.txt (KITTI), <camera>.json (ours or nuScenes), lidar.json (nuScenes), openlabel.json. */
  calib: SourceFile[];
  egoPoses: SourceFile | null;
  timestamps: SourceFile | null;
}

const byName = (a: SourceFile, b: SourceFile): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * Groups a point-cloud upload into items: a file belongs to the folder above its first `lidar`, `cameras` or
 * `calib` segment (the upload's root where there is none: `rootName`), or to its own folder for ego_poses.json and
 * timestamps.txt. Files that fit nowhere in the layout are refused by name.
 */
export function planPointClouds(files: SourceFile[], rootName: string): { units: PointCloudUnit[]; refused: { name: string; reasonKey: string }[] } {
  const units = new Map<string, PointCloudUnit>();
  const refused: { name: string; reasonKey: string }[] = [];
  const unitOf = (folder: string): PointCloudUnit => {
    const name = folder === '' ? rootName : folder;
    let unit = units.get(name);
    if (!unit) units.set(name, (unit = { kind: 'point-cloud', name, clouds: [], cameras: new Map(), calib: [], egoPoses: null, timestamps: null }));
    return unit;
  };
  for (const file of files) {
    const parts = file.name.split('/');
    const at = parts.findIndex((part, i) => i < parts.length - 1 && (part === 'lidar' || part === 'cameras' || part === 'calib'));
    if (at < 0) {
      const base = parts[parts.length - 1];
      const folder = parts.slice(0, -1).join('/');
      if (base === egoPosesFileName) unitOf(folder).egoPoses = file;
      else if (base === timestampsFileName) unitOf(folder).timestamps = file;
      else refused.push({ name: file.name, reasonKey: 'batches.reason_not_in_layout' });
      continue;
    }
    const unit = unitOf(parts.slice(0, at).join('/'));
    const rest = parts.slice(at + 1);
    if (parts[at] === 'lidar' && rest.length === 1) unit.clouds.push(file);
    else if (parts[at] === 'calib' && rest.length === 1) unit.calib.push(file);
    else if (parts[at] === 'cameras' && rest.length === 2) {
      const list = unit.cameras.get(rest[0]) ?? [];
      list.push(file);
      unit.cameras.set(rest[0], list);
    } else refused.push({ name: file.name, reasonKey: 'batches.reason_not_in_layout' });
  }
  const list = [...units.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const unit of list) {
    unit.clouds.sort(byName);
    unit.calib.sort(byName);
    for (const images of unit.cameras.values()) images.sort(byName);
    unit.cameras = new Map([...unit.cameras.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }
  return { units: list, refused };
}

/** A frame's name: the cloud's or image's file name without its extensions (000001.pcd.bin → 000001). */
export const frameStem = (fileName: string): string => path.posix.basename(fileName).replace(/\.[^/]*$/, '');
