import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { zipEntries } from '../../../../tests/support/zip-entries';
import { ArchiveWriter } from './archive-writer';

describe(ArchiveWriter.name, () => {
  let dir: string;
  beforeEach(async () => void (dir = await mkdtemp(path.join(tmpdir(), 'annot-archive-'))));
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  describe('finish', () => {
    it('joins each section, deflated while it was written, into its document between the literal parts, byte for byte', async () => {
      const writer = new ArchiveWriter(path.join(dir, 'a.zip'), dir, new Date('2026-11-24T08:00:00'));
      const images: string[] = [];
      const annotations: string[] = [];
      // Enough text for several batches of each section, interleaved as items add them, with a name beyond ASCII.
      for (let item = 1; item <= 30_000; item++) {
        const image = JSON.stringify({ id: item, file_name: `images/第一批/${item}.jpg` });
        const boxes = [1, 2, 3].map((k) => JSON.stringify({ id: 3 * item + k, image_id: item, bbox: [k, item % 97, 120.5, 80.25] }));
        images.push(image);
        annotations.push(...boxes);
        await writer.appendToSection('images', [image]);
        await writer.appendToSection('annotations', boxes);
        await writer.appendToSection('annotations', []);
      }
      await writer.addText('labels/a.txt', 'first file\n');
      const size = await writer.finish([
        { path: 'annotations/instances.json', parts: ['{"info":{"description":"项目"},"images":[', { section: 'images' }, '],"annotations":[', { section: 'annotations' }, '],"empty":[', { section: 'none' }, ']}'] },
      ]);

      const bytes = await readFile(path.join(dir, 'a.zip'));
      expect(bytes.length).toBe(size);
      const entries = await zipEntries(bytes);
      expect([...entries.keys()]).toEqual(['labels/a.txt', 'annotations/instances.json']);
      const document = entries.get('annotations/instances.json')!.toString('utf8');
      expect(document).toBe(`{"info":{"description":"项目"},"images":[${images.join(',')}],"annotations":[${annotations.join(',')}],"empty":[]}`);
      expect(JSON.parse(document).annotations).toHaveLength(90_000);
    }, 60_000);
  });
});
