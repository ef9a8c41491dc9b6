// Label Studio's video rectangles: keyframes counted from 1, `enabled` false hiding the box after its keyframe, read
// as the box at every frame it is shown; written back as the same keyframes. And the names its uploads are given, and
// the shipped pictures a task finds when the export comes with them.
import { describe, expect, it } from 'vitest';
import { decodeLabelStudio, labelStudioEncoder, mediaName } from './label-studio';
import { context, encodeAll, item } from './round-trip.test-support';

const frameSize = { width: 200, height: 100 };
const decodeContext = { rule: null, sizeOf: () => frameSize };
const region = (x: number) => ({ x, y: 20, width: 10, height: 20, rotation: 0 });
const task = {
  data: { video: '/data/upload/4/0c1d2e3f-drive.mp4' },
  annotations: [{ result: [{ id: 'v1', type: 'videorectangle', from_name: 'box', to_name: 'video', value: { framesCount: 6, labels: ['Vehicle'], sequence: [{ frame: 1, enabled: true, ...region(5) }, { frame: 3, enabled: false, ...region(15) }] } }] }],
};
const file = (content: unknown) => [{ path: 'export.json', content: Buffer.from(JSON.stringify(content)) }];

describe(decodeLabelStudio.name, () => {
  it('reads a video rectangle at every frame it is shown, blended between keyframes and hidden after a disabled one', () => {
    const { items, refusals } = decodeLabelStudio(file([task]), decodeContext);
    expect(refusals).toEqual([]);
    expect(items[0]).toMatchObject({ fileName: 'drive.mp4', frameCount: 6 });
    expect(items[0].objects.map((o) => [o.frame, o.id, o.className, o.shape])).toEqual([
      [0, 'v1', 'Vehicle', { type: 'box', x: 10, y: 20, width: 20, height: 20 }],
      [1, 'v1', 'Vehicle', { type: 'box', x: 20, y: 20, width: 20, height: 20 }],
      [2, 'v1', 'Vehicle', { type: 'box', x: 30, y: 20, width: 20, height: 20 }],
    ]);
  });

  it('refuses a keyframe before frame 1 or past the video by its place', () => {
    const late = structuredClone(task);
    late.annotations[0].result[0].value.sequence[1].frame = 7;
    expect(decodeLabelStudio(file([late]), decodeContext).refusals).toEqual([
      { source: 'export.json [0] result[0] sequence[1] frame', reasonKey: 'exports.import.malformed', params: { format: 'Label Studio', detail: 'exports.import.migration.frame_bad' } },
    ]);
  });
});

describe(labelStudioEncoder.name, () => {
  it('writes a box track as a video rectangle with its keyframes from 1 and enabled false where it leaves the scene', () => {
    const box = (x: number) => ({ type: 'box' as const, x, y: 20, width: 20, height: 20 });
    const track = { id: 'v1', toolId: context.tools[0].toolId, toolVersion: 1, templateType: 'box' as const, className: null, attributes: {}, group: null };
    const keyframes = [
      { frame: 0, shape: box(10), attributes: {}, outside: false, source: 'drawn' as const },
      { frame: 2, shape: box(30), attributes: {}, outside: false, source: 'drawn' as const },
      { frame: 3, shape: null, attributes: {}, outside: true, source: 'drawn' as const },
    ];
    const sequenceItem = item({ width: 200, height: 100, frames: [{ mediaPath: 'images/Week 1/drive', width: 200, height: 100, timestamp: null }], result: { frameCount: 6, attributes: {}, objects: [{ ...track, keyframes }] } });
    const [written] = JSON.parse(encodeAll(labelStudioEncoder, [sequenceItem])[0].content.toString('utf8'));
    expect(written.annotations[0].result[0].value).toEqual({ framesCount: 6, labels: ['Vehicle'], sequence: [{ frame: 1, enabled: true, ...region(5) }, { frame: 3, enabled: false, ...region(15) }] });
  });
});

describe(mediaName.name, () => {
  it('names an upload by its file name without the hash Label Studio puts before it, and a local file by its path', () => {
    expect(mediaName('/data/upload/3/6f1a2b3c-a.jpg')).toBe('a.jpg');
    expect(mediaName('/data/local-files/?d=street/b%201.jpg')).toBe('street/b 1.jpg');
    expect(mediaName('https://bucket.example.com/frames/c.jpg?X-Amz=1')).toBe('frames/c.jpg');
    expect(mediaName('/data/local-files/?d=100%.jpg')).toBe('100%.jpg');
  });

  it('finds each task the picture the upload ships: by the end of its URL, else by its name without the hash', () => {
    const tasks = ['/data/upload/3/6f1a2b3c-a.jpg', '/data/upload/3/0a1b2c3d-c.jpg', '/data/local-files/?d=b.jpg', '/data/upload/3/1234abcd-d.jpg'].map((image) => ({ data: { image }, annotations: [] }));
    const shipped = new Set(['media/upload/3/6f1a2b3c-a.jpg', 'pictures/c.jpg', 'one/b.jpg', 'two/b.jpg']);
    const { items } = decodeLabelStudio(file(tasks), { ...decodeContext, shipped });
    // b.jpg ends two shipped paths alike, and d.jpg none: they keep the names an upload of the JSON alone gives them.
    expect(items.map((i) => i.fileName)).toEqual(['media/upload/3/6f1a2b3c-a.jpg', 'pictures/c.jpg', 'b.jpg', 'd.jpg']);
  });
});
