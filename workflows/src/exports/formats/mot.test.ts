import { describe, expect, it } from 'vitest';
import { importReasons, importWarnings } from '../format';
import { decodeMot } from './mot';
import { readSeqinfo, writeSeqinfo } from './seqinfo';

const sizeOf = (name: string) => (name === 'MOT17-02-FRCNN' ? { width: 1920, height: 1080 } : null);

describe(decodeMot.name, () => {
  it('reads MOTChallenge ground truth as shipped: the sequence by its folder, classes from the MOT16/17 table, conf and visibility kept', () => {
    const gt = ['1,1,912,484,97,109,0,7,1', '1,2,1338,418,167,379,1,1,0.86173', '2,2,1868,418,167,379,1,1,0.5', '3,3,2000,10,50,50,1,1,1', '3,4,1,1,1,1,1,99,1'].join('\n');
    const { items, refusals, warnings } = decodeMot([{ path: 'MOT17-02-FRCNN/gt/gt.txt', content: Buffer.from(`${gt}\n`) }, { path: 'MOT17-02-FRCNN/seqinfo.ini', content: Buffer.from('[Sequence]\nname=MOT17-02-FRCNN\n') }], { rule: null, sizeOf });
    expect(items.map((i) => i.fileName)).toEqual(['MOT17-02-FRCNN']);
    expect(items[0].objects.map((o) => [o.className, o.attributes, o.frame])).toEqual([
      ['Static person', { conf: '0' }, 0],
      ['Pedestrian', { visibility: '0.86173' }, 0],
      ['Pedestrian', { visibility: '0.5' }, 1],
    ]);
    // Frame 2's box runs past the right edge: clipped to the frame, and said.
    expect(items[0].objects[2].shape).toEqual({ type: 'box', x: 1868, y: 418, width: 52, height: 379 });
    expect(warnings?.map((w) => [w.source, w.reasonKey])).toEqual([
      ['MOT17-02-FRCNN/gt/gt.txt:3', importWarnings.clipped],
      ['MOT17-02-FRCNN/gt/gt.txt:4', importWarnings.shapeSkipped],
    ]);
    expect(refusals.map((r) => [r.source, r.reasonKey])).toEqual([['MOT17-02-FRCNN/gt/gt.txt:5', importReasons.unknownClass]]);
  });
});

describe('seqinfo.ini', () => {
  it('reads the [Sequence] section as MOTChallenge ships it, keys in any case, and writes it back', () => {
    const shipped = '[Sequence]\r\nname=MOT17-02-FRCNN\r\nimDir=img1\r\nframeRate=30\r\nseqLength=600\r\nimWidth=1920\r\nimHeight=1080\r\nimExt=.jpg\r\n';
    const info = readSeqinfo(shipped);
    expect(info).toEqual({ name: 'MOT17-02-FRCNN', imDir: 'img1', frameRate: 30, seqLength: 600, imWidth: 1920, imHeight: 1080, imExt: '.jpg' });
    expect(writeSeqinfo(info!)).toBe(shipped.replace(/\r/g, ''));
    expect(readSeqinfo('; a comment\n[sequence]\nNAME: a\nframerate = 25\n')).toMatchObject({ name: 'a', frameRate: 25, imDir: 'img1', seqLength: null });
    expect(readSeqinfo('name=a\n')).toBeNull();
  });

  it('gives the frame size for clipping where the batch has none', () => {
    const files = [
      { path: 'seq/gt/gt.txt', content: Buffer.from('1,1,90,10,20,20,1,1,1\n') },
      { path: 'seq/seqinfo.ini', content: Buffer.from('[Sequence]\nname=seq\nimWidth=100\nimHeight=50\n') },
    ];
    const { items, warnings } = decodeMot(files, { rule: null, sizeOf: () => null });
    expect(items[0].objects[0].shape).toEqual({ type: 'box', x: 90, y: 10, width: 10, height: 20 });
    expect(warnings?.map((w) => w.reasonKey)).toEqual([importWarnings.clipped]);
  });
});
