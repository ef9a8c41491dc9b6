import { describe, expect, it } from 'vitest';
import { toolFits } from './project-tools.rules';

describe(toolFits.name, () => {
  it('lets a picture project use the flat shapes and masks, and nothing drawn in a point cloud', () => {
    expect(['box', 'polygon', 'line', 'curve', 'point', 'mask'].every((type) => toolFits('picture_single_frame', type))).toBe(true);
    expect(['cuboid', 'segment'].some((type) => toolFits('picture_single_frame', type))).toBe(false);
  });

  it('lets a point-cloud project use cuboids only, and a segmentation of points its segments too', () => {
    expect(toolFits('point_cloud_fusion_continuous_frame', 'cuboid')).toBe(true);
    expect(toolFits('point_cloud_single_frame', 'box')).toBe(false);
    expect(toolFits('point_cloud_single_frame', 'segment')).toBe(false);
    expect(toolFits('point_cloud_semantic_segmentation', 'segment')).toBe(true);
  });

  it('keeps masks for pictures, panoptic segmentation and sequences of pictures, not for video', () => {
    expect(toolFits('panoramic_semantic_segmentation', 'mask')).toBe(true);
    expect(toolFits('picture_continuous_frame', 'mask')).toBe(true);
    expect(toolFits('video', 'mask')).toBe(false);
  });
});
