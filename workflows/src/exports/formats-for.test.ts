import { describe, expect, it } from 'vitest';
import { annotationTypes } from '../projects/project.schemas';
import { exportFormats } from './format';
import { formatsFor } from './formats-for';

describe('the formats offered for a project', () => {
  it('offers every format once for every annotation type', () => {
    for (const type of annotationTypes) expect([...formatsFor(type)].sort()).toEqual([...exportFormats].sort());
  });

  it('leads with a 3D format for point clouds, per-point labels for their segmentation, and tracks for sequences', () => {
    expect(formatsFor('point_cloud_fusion_continuous_frame')[0]).toBe('kitti_3d');
    expect(formatsFor('point_cloud_semantic_segmentation')[0]).toBe('point_labels');
    expect(formatsFor('video')[0]).toBe('mot');
    expect(formatsFor('picture_single_frame')[0]).toBe('coco');
  });
});
