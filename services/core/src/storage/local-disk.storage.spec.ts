import { mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from './local-disk.storage';
import { InvalidStorageKeyError } from './storage-key';

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

describe(LocalDiskStorage.name, () => {
  let root: string;
  let storage: LocalDiskStorage;

  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'storage-'));
    storage = new LocalDiskStorage(path.join(root, 'store'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  describe('put', () => {
    it('stores a buffer or a stream under its key and says how large it is', async () => {
      expect(await storage.put('a/b.txt', Buffer.from('hello'))).toEqual({ size: 5 });
      expect(await storage.put('a/c.txt', Readable.from([Buffer.from('wor'), Buffer.from('ld')]))).toEqual({ size: 5 });
      expect((await storage.read('a/b.txt')).toString()).toBe('hello');
      expect((await storage.read('a/c.txt')).toString()).toBe('world');
    });

    it('leaves nothing under the key when the stream fails', async () => {
      const failing = new Readable({ read() { this.push('half'); this.destroy(new Error('cut')); } });
      await expect(storage.put('a/b.txt', failing)).rejects.toThrow('cut');
      expect(await readdir(path.join(root, 'store', 'a'))).toEqual([]);
    });
  });

  describe('get', () => {
    it('streams the object or the bytes of a range', async () => {
      await storage.put('k', Buffer.from('0123456789'));
      expect(await text(await storage.get('k'))).toBe('0123456789');
      expect(await text(await storage.get('k', { start: 2, end: 5 }))).toBe('234');
      expect(await text(await storage.get('k', { start: 4, end: 4 }))).toBe('');
    });

    it('rejects for a key with no object', async () => {
      await expect(storage.get('missing')).rejects.toMatchObject({ code: 'ENOENT' });
    });
  });

  describe('read', () => {
    it('reads a range that ends before its end, cut at the end of the object', async () => {
      await storage.put('k', Buffer.from('0123456789'));
      expect((await storage.read('k', { start: 8, end: 20 })).toString()).toBe('89');
      expect((await storage.read('k', { start: 0, end: 4 })).toString()).toBe('0123');
    });
  });

  describe('stat and remove', () => {
    it('knows the size until the object is removed, and removing twice is no error', async () => {
      await storage.put('x/y', Buffer.from('abc'));
      expect(await storage.stat('x/y')).toEqual({ size: 3 });
      await storage.remove('x/y');
      await storage.remove('x/y');
      expect(await storage.stat('x/y')).toBeNull();
      expect(await storage.stat('x')).toBeNull();
    });
  });

  describe('list', () => {
    it('lists the regular files under a prefix, sorted, and no symbolic link', async () => {
      await storage.put('b/2/z.png', Buffer.from('z'));
      await storage.put('b/1.png', Buffer.from('1'));
      await storage.put('c/other.png', Buffer.from('o'));
      await writeFile(path.join(root, 'outside.png'), 'secret');
      await symlink(path.join(root, 'outside.png'), path.join(root, 'store', 'b', 'link.png'));
      expect(await storage.list('b')).toEqual(['b/1.png', 'b/2/z.png']);
      expect(await storage.list('')).toEqual(['b/1.png', 'b/2/z.png', 'c/other.png']);
    });

    it('rejects for a folder that is not there', async () => {
      await expect(storage.list('nothing')).rejects.toThrow();
    });
  });

  describe('keys', () => {
    it.each(['../escape', 'a/../../escape', '/etc/passwd', 'a/\0b', '', '.', 'a/..'])('refuses %j', async (key) => {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.read(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      expect(() => storage.localPath(key)).toThrow(InvalidStorageKeyError);
    });

    it('maps a key to a path inside the root', () => {
      expect(storage.localPath('./a//b/c.png')).toBe(path.join(root, 'store', 'a', 'b', 'c.png'));
    });
  });
});
