import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { zipEntries } from '../../../../tests/support/zip-entries';
import { ZipWriter } from './zip-writer';

describe('the streaming zip writer', () => {
  let dir: string;
  beforeEach(async () => void (dir = await mkdtemp(path.join(tmpdir(), 'annot-zip-'))));
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  const write = async (fill: (zip: ZipWriter) => Promise<void>) => {
    const zip = new ZipWriter(path.join(dir, 'a.zip'), path.join(dir, 'cd.bin'), new Date('2026-11-24T08:00:00'));
    await fill(zip);
    const size = await zip.finish();
    const bytes = await readFile(path.join(dir, 'a.zip'));
    expect(bytes.length).toBe(size);
    return zipEntries(bytes);
  };

  it('holds whole files, stored and deflated streams, and Chinese names, each read back byte for byte', async () => {
    const big = Buffer.from('{"id":1,"bbox":[1,2,3,4]},'.repeat(20_000));
    const image = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 256));
    const entries = await write(async (zip) => {
      await zip.addBuffer('labels/a.txt', Buffer.from('0 0.5 0.5 0.1 0.1\n'));
      await zip.addBuffer('labels/empty.txt', Buffer.alloc(0));
      await zip.addStream('images/第一批/a.png', Readable.from([image.subarray(0, 1000), image.subarray(1000)]), false);
      await zip.addStream('annotations/instances.json', Readable.from([big]), true);
    });
    expect([...entries.keys()]).toEqual(['labels/a.txt', 'labels/empty.txt', 'images/第一批/a.png', 'annotations/instances.json']);
    expect(entries.get('labels/a.txt')!.toString()).toBe('0 0.5 0.5 0.1 0.1\n');
    expect(entries.get('labels/empty.txt')!.length).toBe(0);
    expect(entries.get('images/第一批/a.png')!.equals(image)).toBe(true);
    expect(entries.get('annotations/instances.json')!.equals(big)).toBe(true);
  });

  it('keeps small files and media larger than a write batch in order, each read back byte for byte', async () => {
    const video = Buffer.from(Array.from({ length: 1_500_000 }, (_, i) => (i * 31) % 251));
    const labels = Array.from({ length: 3_000 }, (_, i) => `${i} 0.5 0.5 0.1 0.1\n`.repeat(20));
    const entries = await write(async (zip) => {
      for (const [i, label] of labels.slice(0, 1_500).entries()) await zip.addBuffer(`labels/${i}.txt`, Buffer.from(label));
      await zip.addStream('images/a.mp4', Readable.from([video.subarray(0, 10), video.subarray(10)]), false);
      for (const [i, label] of labels.slice(1_500).entries()) await zip.addBuffer(`labels/${1_500 + i}.txt`, Buffer.from(label));
    });
    expect([...entries.keys()]).toEqual([...labels.slice(0, 1_500).map((_, i) => `labels/${i}.txt`), 'images/a.mp4', ...labels.slice(1_500).map((_, i) => `labels/${1_500 + i}.txt`)]);
    expect(entries.get('images/a.mp4')!.equals(video)).toBe(true);
    expect(labels.every((label, i) => entries.get(`labels/${i}.txt`)!.toString() === label)).toBe(true);
  });

  it('writes into a stream it is given, and fails rather than waits when that stream is closed before the end', async () => {
    const taken: Buffer[] = [];
    const upload = new Writable({ write: (chunk: Buffer, _encoding, done) => (taken.push(chunk), done()) });
    const zip = new ZipWriter(upload, path.join(dir, 'cd.bin'), new Date('2026-11-24T08:00:00'));
    await zip.addBuffer('labels/a.txt', Buffer.from('0 0.5 0.5 0.1 0.1\n'));
    await zip.finish();
    expect((await zipEntries(Buffer.concat(taken))).get('labels/a.txt')!.toString()).toBe('0 0.5 0.5 0.1 0.1\n');

    // An upload that stopped taking bytes, then was abandoned: it never drains.
    const stalled = new Writable({ highWaterMark: 1024, write: () => undefined });
    const stopped = new ZipWriter(stalled, path.join(dir, 'cd2.bin'), new Date('2026-11-24T08:00:00'));
    const adding = stopped.addBuffer('images/a.png', Buffer.alloc(3 * 1024 * 1024, 1), false);
    setTimeout(() => stalled.destroy(), 50);
    await expect(adding).rejects.toThrow('its output was closed before the end');
  });

  it('writes ZIP64 end records past 65,535 entries, and every entry is there', async () => {
    const count = 70_000;
    const entries = await write(async (zip) => {
      for (let i = 0; i < count; i++) await zip.addBuffer(`labels/${i}.txt`, Buffer.from(`${i}\n`));
    });
    expect(entries.size).toBe(count);
    expect(entries.get('labels/69999.txt')!.toString()).toBe('69999\n');
  }, 60_000);
});
