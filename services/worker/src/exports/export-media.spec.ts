import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AppConfig, ItemFiles, LocalDiskStorage } from '@annot/core';
import { zipEntries } from '../../../../tests/support/zip-entries';
import { ArchiveWriter } from './archive-writer';
import { ExportMedia, type MediaFile } from './export-media';

const content = (i: number) => Buffer.from(`picture ${i} `.repeat(1000 + i));

/** Item files on the local disk that remember every stream they opened. */
class OpenedFiles extends ItemFiles {
  readonly opened: Readable[] = [];

  override async open(location: string): Promise<Readable | null> {
    const body = await super.open(location);
    if (body) this.opened.push(body);
    return body;
  }
}

describe(ExportMedia.name, () => {
  let dir: string;
  let files: OpenedFiles;
  let pictures: MediaFile[];
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'annot-media-'));
    const storage = new LocalDiskStorage(path.join(dir, 'store'));
    files = new OpenedFiles(storage, { importRoot: path.join(dir, 'import'), objectStores: { cos: null, oss: null } } as unknown as AppConfig);
    // Every third picture was never stored.
    pictures = Array.from({ length: 20 }, (_, i) => ({ entry: `images/b/${i}.png`, location: `pictures/${i}.png` }));
    for (const [i, picture] of pictures.entries()) if (i % 3 !== 1) await storage.put(picture.location, content(i));
  });
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  it('writes the pictures in the order planned, read ahead, leaving out those that cannot be read', async () => {
    const archivePath = path.join(dir, 'a.zip');
    const writer = new ArchiveWriter(archivePath, dir, new Date('2026-11-24T08:00:00'));
    const reading = new ExportMedia(files).reading(4);
    reading.plan(pictures.slice(0, 7));
    expect(await reading.write(writer, 3)).toBe(2);
    reading.plan(pictures.slice(7));
    expect(await reading.write(writer, 17)).toBe(11);
    reading.close();
    await writer.finish([]);

    const entries = await zipEntries(await readFile(archivePath));
    const kept = [...pictures.keys()].filter((i) => i % 3 !== 1);
    expect([...entries.keys()]).toEqual(kept.map((i) => pictures[i].entry));
    for (const i of kept) expect(entries.get(pictures[i].entry)).toEqual(content(i));
  });

  it('reads the pictures ahead whole before their turn, and no more than its share of a large file', async () => {
    const small = Buffer.alloc(300 * 1024, 7);
    const large = Buffer.alloc(12 * 1024 * 1024, 9);
    const storage = new LocalDiskStorage(path.join(dir, 'store'));
    await storage.put('ahead/small.png', small);
    await storage.put('ahead/large.png', large);
    const writer = new ArchiveWriter(path.join(dir, 'a.zip'), dir, new Date('2026-11-24T08:00:00'));
    const reading = new ExportMedia(files).reading(4);
    reading.plan([pictures[0], { entry: 'images/b/small.png', location: 'ahead/small.png' }, { entry: 'images/b/large.png', location: 'ahead/large.png' }]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Nothing written yet: the small picture is all in memory, the large one only up to the reading's share.
    const [, smallBody, largeBody] = files.opened as (Readable & { bytesRead: number })[];
    expect(smallBody.bytesRead).toBe(small.length);
    expect(largeBody.bytesRead).toBeGreaterThan(512 * 1024);
    expect(largeBody.bytesRead).toBeLessThanOrEqual(3 * 1024 * 1024);
    expect(await reading.write(writer, 3)).toBe(3);
    reading.close();
    await writer.finish([]);
    const entries = await zipEntries(await readFile(path.join(dir, 'a.zip')));
    expect([...entries.keys()]).toEqual([pictures[0].entry, 'images/b/small.png', 'images/b/large.png']);
    expect(entries.get('images/b/small.png')!.equals(small)).toBe(true);
    expect(entries.get('images/b/large.png')!.equals(large)).toBe(true);
  });

  it('closes every picture opened ahead when the export stops before writing them', async () => {
    const writer = new ArchiveWriter(path.join(dir, 'a.zip'), dir, new Date('2026-11-24T08:00:00'));
    const reading = new ExportMedia(files).reading(4);
    reading.plan(pictures);
    await reading.write(writer, 2);
    reading.close();
    writer.abort();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Two written, and no more opened than the window ahead of them; every one of them closed.
    expect(files.opened.length).toBeGreaterThan(1);
    expect(files.opened.length).toBeLessThanOrEqual(2 + 4);
    expect(files.opened.every((body) => body.destroyed)).toBe(true);
  });
});
