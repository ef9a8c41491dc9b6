import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { SourceFile } from './import-source';
import { parseTimestamps, planImport, readTimestamps } from './import-units';

const file = (name: string): SourceFile => ({ name, size: 1, location: `root/${name}`, read: async () => Buffer.from('x'), stream: async () => Readable.from([Buffer.from('x')]) });
const names = (files: SourceFile[]) => files.map((f) => f.name);

describe('planImport', () => {
  const files = ['cam-b/0010.png', 'cam-b/0002.png', 'cam-a/x.png', 'cam-a/timestamps.txt', 'top.png', 'clip.MP4', 'notes.txt'].map(file);

  it('keeps one picture per file in a picture project', () => {
    const plan = planImport(files, 'picture_single_frame', 'drive');
    expect(plan.units.map((u) => [u.kind, u.name])).toEqual(files.map((f) => ['picture', f.name]));
    expect(plan.refused).toEqual([]);
  });

  it('makes each folder one sequence in name order, with its timestamp file apart, and the root one named for the source', () => {
    const plan = planImport(files, 'picture_continuous_frame', 'drive');
    expect(plan.units.map((u) => u.name)).toEqual(['cam-a', 'cam-b', 'drive']);
    const [a, b, root] = plan.units;
    expect(a.kind === 'sequence' && [names(a.frames), a.timestamps?.name]).toEqual([['cam-a/x.png'], 'cam-a/timestamps.txt']);
    expect(b.kind === 'sequence' && [names(b.frames), b.timestamps]).toEqual([['cam-b/0002.png', 'cam-b/0010.png'], null]);
    expect(root.kind === 'sequence' && names(root.frames)).toEqual(['clip.MP4', 'notes.txt', 'top.png']);
  });

  it('makes a MOTChallenge sequence one item named after its folder: the frames of its imDir, its ground truth apart, its other files skipped', () => {
    const shipped = ['MOT17-02/seqinfo.ini', 'MOT17-02/img1/000002.jpg', 'MOT17-02/img1/000001.jpg', 'MOT17-02/gt/gt.txt', 'MOT17-02/det/det.txt', 'extra/a.png'].map(file);
    const info = { name: 'MOT17-02', imDir: 'img1', frameRate: 30, seqLength: 2, imWidth: 1920, imHeight: 1080, imExt: '.jpg' };
    const plan = planImport(shipped, 'picture_continuous_frame', 'drive', new Map([['MOT17-02', info]]));
    expect(plan.units.map((u) => u.name)).toEqual(['MOT17-02', 'extra']);
    const [sequence] = plan.units;
    expect(sequence.kind === 'sequence' && [names(sequence.frames), sequence.frameRate, names(sequence.truth ?? [])]).toEqual([['MOT17-02/img1/000001.jpg', 'MOT17-02/img1/000002.jpg'], 30, ['MOT17-02/gt/gt.txt']]);
    expect(plan.skipped).toEqual([{ name: 'MOT17-02/det/det.txt', reasonKey: 'batches.note_not_in_sequence' }]);
  });

  it('makes each video file one item of a video project and refuses the rest', () => {
    const plan = planImport(files, 'video', 'drive');
    expect(plan.units.map((u) => [u.kind, u.name])).toEqual([['video', 'clip.MP4']]);
    expect(plan.refused.map((r) => r.name)).toEqual(['cam-b/0010.png', 'cam-b/0002.png', 'cam-a/x.png', 'cam-a/timestamps.txt', 'top.png', 'notes.txt']);
    expect(new Set(plan.refused.map((r) => r.reasonKey))).toEqual(new Set(['batches.reason_not_video']));
  });
});

describe('parseTimestamps', () => {
  it('reads "<file name> <seconds>" lines, skipping blanks and comments', () => {
    expect(parseTimestamps('# name seconds\nb.png 1.5\n\r\na frame.png   2e-1\n')).toEqual(new Map([['b.png', 1.5], ['a frame.png', 0.2]]));
  });

  it('refuses a line without seconds, and a file named twice', () => {
    expect(parseTimestamps('b.png\n')).toBeNull();
    expect(parseTimestamps('b.png one\n')).toBeNull();
    expect(parseTimestamps('b.png 1\nb.png 2\n')).toBeNull();
  });
});

describe('readTimestamps', () => {
  it('reads a timestamp file through the input gate: broken UTF-8 or a NUL refuses the file as a whole', () => {
    expect(readTimestamps(Buffer.from('b.png 1.5\n'))).toEqual(new Map([['b.png', 1.5]]));
    expect(readTimestamps(Buffer.from('b\u0000.png 1.5\n'))).toBeNull();
    expect(readTimestamps(Buffer.concat([Buffer.from('b'), Buffer.from([0xff]), Buffer.from('.png 1.5\n')]))).toBeNull();
  });
});
