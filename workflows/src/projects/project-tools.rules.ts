// Which kinds of tool a project's annotation type can use: the editor it opens draws only these, so the wizard offers
// only these and the server refuses the others.
import type { templateTypes } from '../catalog/tool.schemas';
import type { AnnotationType } from './project.schemas';

type TemplateType = (typeof templateTypes)[number];

const pictureShapes: TemplateType[] = ['box', 'polygon', 'line', 'curve', 'point'];

export const toolTypesFor: Record<AnnotationType, readonly TemplateType[]> = {
  // A single picture's editor also paints masks (a crowd region of COCO, a brush of Label Studio, panoptic results),
  // and so does a sequence's, a keyframe of a region on each frame painted.
  picture_single_frame: [...pictureShapes, 'mask'],
  picture_continuous_frame: [...pictureShapes, 'mask'],
  video: pictureShapes,
  panoramic_semantic_segmentation: ['mask', ...pictureShapes],
  point_cloud_single_frame: ['cuboid'],
  point_cloud_continuous_frame: ['cuboid'],
  point_cloud_fusion_single_frame: ['cuboid'],
  point_cloud_fusion_continuous_frame: ['cuboid'],
  point_cloud_semantic_segmentation: ['segment', 'cuboid'],
};

export const toolFits = (annotationType: AnnotationType, templateType: string): boolean => (toolTypesFor[annotationType] as readonly string[]).includes(templateType);
