// The objects an export archive holds, counted with Node alone: the zip's central directory read from the file (ZIP64
// included), each entry wanted inflated with zlib, and its objects counted by the format's own layout. COCO is
// counted (every annotation of every JSON file with `images` and `annotations`); the other formats are not yet.
import { open } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';

const endOfDirectory = 0x06054b50;
const zip64Locator = 0x07064b50;
const directoryRecord = 0x02014b50;
const localHeader = 0x04034b50;
const max32 = 0xffffffff;

async function readAt(file, position, length) {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

/** Where the central directory is and how many records it holds, from the end record (or its ZIP64 twin). */
async function directoryOf(file, size) {
  const tailLength = Math.min(size, 22 + 0xffff + 20);
  const tail = await readAt(file, size - tailLength, tailLength);
  for (let at = tail.length - 22; at >= 0; at--) {
    if (tail.readUInt32LE(at) !== endOfDirectory) continue;
    let count = tail.readUInt16LE(at + 10);
    let offset = tail.readUInt32LE(at + 16);
    if (at >= 20 && tail.readUInt32LE(at - 20) === zip64Locator) {
      const end64 = await readAt(file, Number(tail.readBigUInt64LE(at - 20 + 8)), 56);
      count = Number(end64.readBigUInt64LE(32));
      offset = Number(end64.readBigUInt64LE(48));
    }
    return { count, offset };
  }
  throw new Error('not a zip archive: no end of central directory');
}

/** The entries' names and where their data is, from the central directory. */
async function entriesOf(file) {
  const { size } = await file.stat();
  const { count, offset } = await directoryOf(file, size);
  const directory = await readAt(file, offset, size - offset);
  const entries = [];
  for (let at = 0, n = 0; n < count; n++) {
    if (directory.readUInt32LE(at) !== directoryRecord) throw new Error(`central directory record ${n} is damaged`);
    const method = directory.readUInt16LE(at + 10);
    let compressed = directory.readUInt32LE(at + 20);
    let uncompressed = directory.readUInt32LE(at + 24);
    const nameLength = directory.readUInt16LE(at + 28);
    const extraLength = directory.readUInt16LE(at + 30);
    const commentLength = directory.readUInt16LE(at + 32);
    let local = directory.readUInt32LE(at + 42);
    const name = directory.toString('utf8', at + 46, at + 46 + nameLength);
    // ZIP64 values follow in the extra field, in this order, for each one the record marks as too large.
    for (let x = at + 46 + nameLength; x < at + 46 + nameLength + extraLength; ) {
      const id = directory.readUInt16LE(x);
      const length = directory.readUInt16LE(x + 2);
      if (id === 0x0001) {
        let v = x + 4;
        const next = () => Number(directory.readBigUInt64LE((v += 8) - 8));
        if (uncompressed === max32) uncompressed = next();
        if (compressed === max32) compressed = next();
        if (local === max32) local = next();
      }
      x += 4 + length;
    }
    entries.push({ name, method, compressed, uncompressed, local });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

async function contentOf(file, entry) {
  const header = await readAt(file, entry.local, 30);
  if (header.readUInt32LE(0) !== localHeader) throw new Error(`${entry.name}: its local header is damaged`);
  const start = entry.local + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  const data = await readAt(file, start, entry.compressed);
  if (entry.method === 0) return data;
  if (entry.method === 8) return inflateRawSync(data);
  throw new Error(`${entry.name}: compression method ${entry.method} is not read here`);
}

const counters = {
  async coco(file, entries) {
    let objects = 0;
    const files = [];
    for (const entry of entries.filter((e) => e.name.endsWith('.json'))) {
      const document = JSON.parse((await contentOf(file, entry)).toString('utf8'));
      if (!Array.isArray(document?.images) || !Array.isArray(document?.annotations)) continue;
      objects += document.annotations.length;
      files.push(entry.name);
    }
    return { objects, counted: `the annotations of ${files.join(', ') || 'no COCO file'}` };
  },
};

/** The archive's objects as its format writes them; undefined where the format is not counted here. */
export async function archiveObjects(path, format) {
  const counter = counters[format];
  if (!counter) return undefined;
  const file = await open(path, 'r');
  try {
    return await counter(file, await entriesOf(file));
  } finally {
    await file.close();
  }
}

export const countedFormats = Object.keys(counters);
