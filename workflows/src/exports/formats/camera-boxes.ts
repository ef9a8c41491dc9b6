// The 2D boxes drawn on each camera of a rig, per camera in KITTI tracking's 2D form: one line per track and frame
// where a box is drawn (held or blended between keyframes as the editor shows it), "frame track_id type truncated
// occluded alpha left top right bottom" and the 3D fields unknown (-1 -1 -1 -1000 -1000 -1000 -10), so a camera's
// boxes read as a 2D tracking file of its own images with the cuboids' track numbers.
import { cameraBoxesAt } from '../../items/interpolation';
import type { ExportItem, ExportTool } from '../format';
import { kittiTypeOf } from './kitti';
import { camerasOf, cuboidsAt, fixed } from './spatial';

const unknown3d = ['-1', '-1', '-1', '-1000', '-1000', '-1000', '-10'];

/** By camera, in the rig's order, the lines of its drawn boxes; cameras without one are left out. */
export function cameraBoxLines(item: ExportItem, tools: ExportTool[], numbers: Map<string, number>): Map<string, string[]> {
  const byCamera = new Map<string, string[]>(camerasOf(item).map((camera) => [camera.name, []]));
  for (let frame = 0; frame < item.result.frameCount; frame++) {
    for (const cuboid of cuboidsAt(item, frame, tools)) {
      for (const [camera, box] of Object.entries(cameraBoxesAt(cuboid.object, frame))) {
        const edges = [box.x, box.y, box.x + box.width, box.y + box.height].map((v) => fixed(v, 2));
        byCamera.get(camera)?.push(`${[frame, numbers.get(cuboid.object.id)!, kittiTypeOf(cuboid.className), '0', '0', '-10', ...edges, ...unknown3d].join(' ')}\n`);
      }
    }
  }
  for (const [camera, lines] of byCamera) if (lines.length === 0) byCamera.delete(camera);
  return byCamera;
}
