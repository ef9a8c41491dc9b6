import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { sceneFrame, sceneFrames } from '../../../scripts/src/sample-scenes';
import { detectObjects } from './detect';

const iou = (a: { x: number; y: number; width: number; height: number }, b: typeof a) => {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  return (w * h) / (a.width * a.height + b.width * b.height - w * h);
};

const detect = (content: Buffer) => {
  const png = PNG.sync.read(content);
  return detectObjects(png.data, png.width, png.height, 4);
};

describe(detectObjects.name, () => {
  it('finds every vehicle of twenty scenes, and nothing else', () => {
    for (const frame of sceneFrames(20)) {
      const found = detect(frame.content);
      expect(found, frame.name).toHaveLength(frame.objects.length);
      for (const { box } of frame.objects) expect(Math.max(...found.map((d) => iou(d.box, box))), frame.name).toBeGreaterThanOrEqual(0.9);
    }
  });

  it('finds nothing on an empty street: sky, road and lane marks are not vehicles', () => {
    expect(detect(sceneFrame(3, 320, 240, { vehicles: 0 }).content)).toEqual([]);
  });

  it('scores a solid region near 1', () => {
    const [frame] = sceneFrames(1);
    for (const detection of detect(frame.content)) {
      expect(detection.score).toBeGreaterThan(0.8);
      expect(detection.score).toBeLessThanOrEqual(1);
    }
  });
});
