// The export formats in the order that suits a project's annotation type: the first is what its delivery is most
// often asked in, and the rest follow from the formats of its own kind to the general ones.
import type { AnnotationType } from '../projects/project.schemas';
import { type ExportFormat, exportFormats } from './format';

const leading: Record<AnnotationType, ExportFormat[]> = {
  picture_single_frame: ['coco', 'voc', 'yolo', 'kitti', 'openlabel', 'cvat_images', 'label_studio', 'datumaro'],
  picture_continuous_frame: ['mot', 'kitti_tracking', 'coco_video', 'openlabel', 'cvat_video', 'label_studio', 'datumaro'],
  video: ['mot', 'kitti_tracking', 'coco_video', 'openlabel', 'cvat_video', 'label_studio', 'datumaro'],
  panoramic_semantic_segmentation: ['coco_panoptic', 'masks', 'coco'],
  point_cloud_single_frame: ['kitti_3d', 'nuscenes', 'openlabel'],
  point_cloud_continuous_frame: ['kitti_3d', 'kitti_tracking', 'nuscenes', 'openlabel'],
  point_cloud_fusion_single_frame: ['kitti_3d', 'nuscenes', 'openlabel'],
  point_cloud_fusion_continuous_frame: ['kitti_3d', 'kitti_tracking', 'nuscenes', 'openlabel'],
  point_cloud_semantic_segmentation: ['point_labels', 'openlabel'],
};

/** Every format, those suited to the annotation type first; an unknown type keeps the formats' own order. */
export function formatsFor(annotationType: string): ExportFormat[] {
  const first = leading[annotationType as AnnotationType] ?? [];
  return [...first, ...exportFormats.filter((format) => !first.includes(format))];
}
