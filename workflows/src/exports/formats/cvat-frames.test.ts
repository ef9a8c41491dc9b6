// CVAT's frame numbers: a backup's and an XML file's frames counted from the task's start frame by its step, or taken
// as they are by an item holding the whole video; a backup's track runs to the item's end from its first keyframe; a
// project's backup reads task by task; the malformed is refused by its place.
import { describe, expect, it } from 'vitest';
import { decodeCvat } from './cvat';

const file = (path: string, content: unknown) => ({ path, content: Buffer.from(typeof content === 'string' ? content : JSON.stringify(content)) });
const context = { rule: null, sizeOf: () => ({ width: 200, height: 100 }), itemOf: (name: string) => (name === 'drive' ? { frameCount: 20 } : null) };
const task = { name: 'drive', labels: [{ name: 'car', attributes: [] }], data: { start_frame: 10, stop_frame: 16, frame_filter: 'step=2' } };
const box = (frame: number, x: number, outside = false) => ({ type: 'rectangle', occluded: false, outside, z_order: 0, rotation: 0, points: [x, 20, x + 40, 40], frame, attributes: [] });

describe('CVAT backups', () => {
  it('puts frame n of a task that starts at 10 and keeps every second frame at the media frame 10 + 2n, blended to the item’s end', () => {
    const jobs = [{ version: 0, tags: [], shapes: [], tracks: [{ frame: 0, label: 'car', group: 0, source: 'manual', attributes: [], shapes: [box(0, 10), box(2, 30)] }] }];
    const { items, refusals } = decodeCvat([file('task.json', task), file('annotations.json', jobs)], context);
    expect(refusals).toEqual([]);
    expect(items.map((i) => i.fileName)).toEqual(['drive']);
    // Keyframes at task frames 0 and 2 are media frames 10 and 14, blended over the frames the step leaves out too;
    // the track holds still after its last, to the item's last frame.
    const frames = items[0].objects.map((o) => [o.frame, o.shape.type === 'box' ? o.shape.x : null]);
    expect(frames).toEqual([[10, 10], [11, 15], [12, 20], [13, 25], [14, 30], [15, 30], [16, 30], [17, 30], [18, 30], [19, 30]]);
  });

  it('reads a project’s backup task by task, each task’s pictures the sequence of its own data folder', () => {
    const plain = { ...task, data: { start_frame: 0, stop_frame: 2 } };
    const jobs = (x: number) => [{ tags: [], shapes: [], tracks: [{ frame: 0, label: 'car', attributes: [], shapes: [box(1, x)] }] }];
    const shipped = new Set(['task_0/data/a.jpg', 'task_0/data/b.jpg', 'task_1/data/a.jpg', 'task_1/data/b.jpg', 'task_1/data/c.jpg']);
    const sequences = { ...context, shipped, itemOf: (name: string) => (name === 'task_0/data' ? { frameCount: 2 } : name === 'task_1/data' ? { frameCount: 3 } : null) };
    const files = [file('project.json', { name: 'streets' }), file('task_0/task.json', plain), file('task_0/annotations.json', jobs(10)), file('task_1/task.json', plain), file('task_1/annotations.json', jobs(60))];
    const { items, refusals } = decodeCvat(files, sequences);
    expect(refusals).toEqual([]);
    expect(items.map((i) => [i.fileName, i.objects.map((o) => [o.frame, o.shape.type === 'box' ? o.shape.x : null])])).toEqual([
      ['task_0/data', [[1, 10]]],
      ['task_1/data', [[1, 60], [2, 60]]],
    ]);
  });

  it('refuses a task.json without its annotations.json, and annotations that are not a list of jobs', () => {
    expect(decodeCvat([file('task_0/task.json', task)], context).refusals).toEqual([{ source: 'task_0/task.json', reasonKey: 'exports.import.malformed', params: { format: 'CVAT', detail: 'exports.import.migration.backup_annotations' } }]);
    const notJobs = decodeCvat([file('task.json', task), file('annotations.json', [{ tracks: 'none' }])], context);
    expect(notJobs.refusals).toEqual([{ source: 'annotations.json', reasonKey: 'exports.import.malformed', params: { format: 'CVAT', detail: 'exports.import.migration.backup_jobs' } }]);
  });

  it('refuses a track giving a frame twice, and a shape without a label, by their places', () => {
    const jobs = [{ tags: [], shapes: [{ ...box(1, 5), label: '' }], tracks: [{ frame: 0, label: 'car', attributes: [], shapes: [box(0, 10), box(0, 30, true)] }] }];
    const { refusals } = decodeCvat([file('task.json', task), file('annotations.json', jobs)], context);
    expect(refusals.map((r) => [r.source, r.params?.detail])).toEqual([
      ['annotations.json [0] shapes[0] label', 'exports.import.migration.no_label'],
      ['annotations.json [0] tracks[0] frame 0', 'exports.import.migration.frame_repeated'],
    ]);
  });
});

describe('CVAT for video frame numbers', () => {
  const xml = (source: string) =>
    `<annotations><version>1.1</version><meta><task><size>3</size><start_frame>10</start_frame><stop_frame>14</stop_frame><frame_filter>step=2</frame_filter><source>${source}</source></task></meta>
      <track id="0" label="car"><box frame="10" keyframe="1" outside="0" occluded="0" xtl="10" ytl="20" xbr="50" ybr="40"/><box frame="14" keyframe="1" outside="1" occluded="0" xtl="10" ytl="20" xbr="50" ybr="40"/></track>
      <track id="1" label="car"><box frame="11" keyframe="1" outside="0" occluded="0" xtl="10" ytl="20" xbr="50" ybr="40"/></track></annotations>`;
  const items = (name: string, frameCount: number) => ({ ...context, itemOf: (asked: string) => (asked === name ? { frameCount } : null) });

  it('counts a file’s frames from its task’s start frame by its step onto an item of the task’s frames', () => {
    const { items: read, refusals } = decodeCvat([file('annotations.xml', xml('clip'))], items('clip', 3));
    expect(read[0].objects.filter((o) => o.id === '0').map((o) => o.frame)).toEqual([0, 1]);
    // Frame 11 is not kept by a step of 2 from 10.
    expect(refusals.map((r) => [r.source, r.params?.detail])).toEqual([['annotations.xml track[1] box[0] frame', 'exports.import.migration.frame_bad']]);
  });

  it('takes CVAT’s numbers as they are onto an item holding the whole video', () => {
    const { items: read, refusals } = decodeCvat([file('annotations.xml', xml('drive.mp4'))], items('drive.mp4', 20));
    expect(refusals).toEqual([]);
    expect(read[0].frameCount).toBe(20);
    expect(read[0].objects.filter((o) => o.id === '0').map((o) => o.frame)).toEqual([10, 11, 12, 13]);
  });

  it('puts a video export’s frames on the pictures a picture project made of them', () => {
    const shipped = new Set(['images/frame_000010.PNG', 'images/frame_000012.PNG', 'images/frame_000014.PNG']);
    const pictures = { ...context, shipped, itemOf: (name: string) => (shipped.has(name) ? { frameCount: 1 } : null) };
    const { items: read, refusals } = decodeCvat([file('annotations.xml', xml('drive.mp4'))], pictures);
    expect(refusals.map((r) => r.source)).toEqual(['annotations.xml track[1] box[0] frame']);
    expect(read.map((i) => [i.fileName, i.objects.map((o) => [o.id, o.frame ?? 0])])).toEqual([
      ['images/frame_000010.PNG', [['0', 0]]],
      ['images/frame_000012.PNG', [['0', 0]]],
      ['images/frame_000014.PNG', []],
    ]);
  });
});
