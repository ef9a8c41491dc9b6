import { describe, expect, it } from 'vitest';
import { compactColumn, frameFile, frameFileName, frameMediaType, type ItemFrames, itemFramesView } from './item-frames';

const picture = { fileName: 'cam/a.png', path: 'batches/b/cam/a.png', width: 64, height: 48 };
const sequence: ItemFrames = { pathPrefix: 'batches/b/cam/', count: 2, fileNames: ['b.png', 'a.png'], widths: [64, 80], heights: [48], timestamps: [0.5, 0.75], frameRate: null };
const video: ItemFrames = { pathPrefix: 'frames/abc/', count: 3, fileNames: [], widths: [640], heights: [360], timestamps: [0, 0.033333, 0.066667], frameRate: 30 };

describe('itemFramesView', () => {
  it('makes a picture a sequence of one frame', () => {
    expect(itemFramesView(null, picture)).toEqual({ frameRate: null, sensors: null, frames: [{ index: 0, fileName: 'cam/a.png', width: 64, height: 48, timestamp: null }] });
  });

  it('spreads a column of one value over every frame, and reads per-frame columns by index', () => {
    expect(itemFramesView(sequence, picture).frames).toEqual([
      { index: 0, fileName: 'b.png', width: 64, height: 48, timestamp: 0.5 },
      { index: 1, fileName: 'a.png', width: 80, height: 48, timestamp: 0.75 },
    ]);
  });

  it('names a video frame as its extraction did, with no times where none were given', () => {
    expect(itemFramesView(video, picture).frames[2]).toEqual({ index: 2, fileName: '000002.jpg', width: 640, height: 360, timestamp: 0.066667 });
    expect(itemFramesView({ ...sequence, timestamps: [] }, picture).frames[1].timestamp).toBeNull();
  });
});

describe('frameFile', () => {
  it('finds frame 0 of a picture at its own path and no other frame', () => {
    expect(frameFile(null, picture, 0)).toEqual({ fileName: 'cam/a.png', path: 'batches/b/cam/a.png' });
    expect(frameFile(null, picture, 1)).toBeNull();
  });

  it('finds a frame under the prefix, and none past the last, below zero or between whole numbers', () => {
    expect(frameFile(sequence, picture, 1)).toEqual({ fileName: 'a.png', path: 'batches/b/cam/a.png' });
    expect(frameFile(video, picture, 2)).toEqual({ fileName: '000002.jpg', path: 'frames/abc/000002.jpg' });
    for (const index of [3, -1, 0.5]) expect(frameFile(video, picture, index)).toBeNull();
  });
});

describe('compactColumn', () => {
  it('keeps one value where all are the same', () => {
    expect(compactColumn([5, 5, 5])).toEqual([5]);
    expect(compactColumn([5, 6])).toEqual([5, 6]);
    expect(compactColumn([])).toEqual([]);
  });
});

describe('frameMediaType', () => {
  it('serves a frame by its extension', () => {
    expect(frameMediaType(frameFileName(0))).toBe('image/jpeg');
    expect(frameMediaType('a.PNG')).toBe('image/png');
    expect(frameMediaType('a')).toBe('application/octet-stream');
  });
});
