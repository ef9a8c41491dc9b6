// A streaming ZIP writer (PKWARE APPNOTE 6.3, with ZIP64) for archives of hundreds of thousands of entries: each
// entry is written once, in order, and its central directory record goes to a side file, so neither time per entry
// nor memory grows with the number of entries. (yazl rescans every entry before each write, which is quadratic;
// archiver and fflate keep per-entry state that reached gigabytes at 100,000 label files in the export benchmark.)
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { constants, crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

const max32 = 0xffffffff;
const max16 = 0xffff;
/** Bit 3: sizes and CRC follow the data; bit 11: names are UTF-8. */
const flagDescriptor = 0x0008;
const flagUtf8 = 0x0800;
const stored = 0;
const deflated = 8;
/** Version 4.5: ZIP64. Made by Unix, so the file mode in the external attributes is read. */
const versionNeeded = 45;
const versionMadeBy = (3 << 8) | 45;
const fileMode = (0o100644 << 16) >>> 0;
const smallFile = 1024;
/** Bytes the archive takes before the writer waits for the disk. */
const bufferBytes = 4 * 1024 * 1024;
/** Small writes gathered into one: a label file is a header, a few dozen bytes and a directory record. */
const batchBytes = 1024 * 1024;

interface Written {
  name: Buffer;
  flags: number;
  method: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

const closedEarly = () => new Error('The archive could not be written whole: its output was closed before the end');

/** DOS date and time, as ZIP headers hold them (local time, two-second steps). */
function dosTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
    date: ((Math.max(1980, at.getFullYear()) - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

function zip64Extra(values: number[]): Buffer {
  const extra = Buffer.alloc(4 + 8 * values.length);
  extra.writeUInt16LE(0x0001, 0);
  extra.writeUInt16LE(8 * values.length, 2);
  values.forEach((value, i) => extra.writeBigUInt64LE(BigInt(value), 4 + 8 * i));
  return extra;
}

/**
 * A file (or a stream the caller gives, such as an upload) written in batches of about a megabyte, so a hundred thousand small entries are a few hundred writes. Small
 * chunks are copied into the batch as they come: a batch of the chunks themselves held thousands of small buffers
 * across young collections, which copied them out and made most of a label export's garbage collection.
 */
class BatchedFile {
  readonly stream: Writable;
  private batch = Buffer.allocUnsafe(batchBytes);
  private used = 0;

  constructor(file: string | Writable) {
    this.stream = typeof file === 'string' ? createWriteStream(file, { highWaterMark: bufferBytes }) : file;
  }

  /** Answers a wait only when a batch went to the disk and the disk asks for a pause. */
  write(chunk: Buffer): Promise<void> | undefined {
    if (this.used + chunk.length <= batchBytes) {
      chunk.copy(this.batch, this.used);
      this.used += chunk.length;
      return this.used === batchBytes ? this.flush() : undefined;
    }
    return this.writeLarge(chunk);
  }

  /** Writes what is gathered, and the whole file once it is all written. */
  async end(): Promise<void> {
    await this.flush();
    this.stream.end();
    await finished(this.stream);
  }

  /** A chunk that does not fit: the batch goes first, then the chunk is gathered, or written as it is when that large. */
  private async writeLarge(chunk: Buffer): Promise<void> {
    await this.flush();
    if (chunk.length < batchBytes) {
      chunk.copy(this.batch);
      this.used = chunk.length;
    } else await this.put(chunk);
  }

  private async flush(): Promise<void> {
    if (this.used === 0) return;
    const full = this.batch.subarray(0, this.used);
    // The stream keeps the written batch until the disk has it, so the next one is a buffer of its own.
    this.batch = Buffer.allocUnsafe(batchBytes);
    this.used = 0;
    await this.put(full);
  }

  /**
   * Writes and waits while the output is full. An output closed meanwhile (an upload that failed or was abandoned)
   * never drains, so its close ends the wait with an error rather than leaving the export waiting.
   */
  private async put(chunk: Buffer): Promise<void> {
    if (this.stream.destroyed) throw this.stream.errored ?? closedEarly();
    if (this.stream.write(chunk)) return;
    const waiting = new AbortController();
    try {
      await Promise.race([
        once(this.stream, 'drain', { signal: waiting.signal }),
        once(this.stream, 'close', { signal: waiting.signal }).then(() => Promise.reject(this.stream.errored ?? closedEarly())),
      ]);
    } finally {
      waiting.abort();
    }
  }
}

export class ZipWriter {
  private readonly out: BatchedFile;
  private readonly directory: BatchedFile;
  private offset = 0;
  private entries = 0;
  private directorySize = 0;
  private readonly stamp: { time: number; date: number };

  /** `archive`: the file to write, or a stream that takes the archive's bytes in order and is ended with them. */
  constructor(
    archive: string | Writable,
    private readonly directoryPath: string,
    at: Date,
  ) {
    this.out = new BatchedFile(archive);
    this.directory = new BatchedFile(directoryPath);
    this.stamp = dosTime(at);
  }

  /** A whole file: compressed in one step when that makes it smaller, and its sizes in its header. */
  async addBuffer(name: string, data: Buffer, compress = true): Promise<void> {
    // A file of a few lines gains little from deflate and costs a compressor's set-up; it is stored.
    const packed = compress && data.length >= smallFile ? deflateRawSync(data, { level: constants.Z_BEST_SPEED }) : data;
    const method = compress && packed.length < data.length ? deflated : stored;
    const body = method === deflated ? packed : data;
    const entry: Written = { name: Buffer.from(name, 'utf8'), flags: flagUtf8, method, crc: crc32(data), compressed: body.length, size: data.length, offset: this.offset };
    await this.write(this.localHeader(entry, false));
    await this.write(body);
    await this.record(entry);
  }

  /** A file of unknown size: streamed through (deflated or stored), its CRC and ZIP64 sizes after the data. */
  async addStream(name: string, source: Readable, compress: boolean): Promise<void> {
    const entry: Written = { name: Buffer.from(name, 'utf8'), flags: flagUtf8 | flagDescriptor, method: compress ? deflated : stored, crc: 0, compressed: 0, size: 0, offset: this.offset };
    await this.write(this.localHeader(entry, true));
    const deflate = compress ? createDeflateRaw({ level: constants.Z_BEST_SPEED }) : null;
    const reading = (async () => {
      for await (const chunk of source as AsyncIterable<Buffer>) {
        entry.crc = crc32(chunk, entry.crc);
        entry.size += chunk.length;
        if (!deflate) {
          entry.compressed += chunk.length;
          await this.write(chunk);
        } else if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
      }
      deflate?.end();
    })();
    const writing = (async () => {
      if (!deflate) return;
      for await (const chunk of deflate as AsyncIterable<Buffer>) {
        entry.compressed += chunk.length;
        await this.write(chunk);
      }
    })();
    await Promise.all([reading, writing]);
    await this.closeStreamed(entry);
  }

  /** A file already deflated elsewhere (raw deflate, ending with a final block), whose CRC and size the caller knows. */
  async addDeflated(name: string, body: AsyncIterable<Buffer>, check: { crc: number; size: number }): Promise<void> {
    const entry: Written = { name: Buffer.from(name, 'utf8'), flags: flagUtf8 | flagDescriptor, method: deflated, crc: check.crc, compressed: 0, size: check.size, offset: this.offset };
    await this.write(this.localHeader(entry, true));
    for await (const chunk of body) {
      entry.compressed += chunk.length;
      await this.write(chunk);
    }
    await this.closeStreamed(entry);
  }

  /** Appends the central directory and its end records; answers the archive's size. */
  async finish(): Promise<number> {
    await this.directory.end();
    const start = this.offset;
    for await (const chunk of createReadStream(this.directoryPath) as AsyncIterable<Buffer>) await this.write(chunk);
    const zip64 = this.entries > max16 || start > max32 || this.directorySize > max32;
    if (zip64) {
      const end64 = Buffer.alloc(56);
      end64.writeUInt32LE(0x06064b50, 0);
      end64.writeBigUInt64LE(44n, 4);
      end64.writeUInt16LE(versionMadeBy, 12);
      end64.writeUInt16LE(versionNeeded, 14);
      end64.writeBigUInt64LE(BigInt(this.entries), 24);
      end64.writeBigUInt64LE(BigInt(this.entries), 32);
      end64.writeBigUInt64LE(BigInt(this.directorySize), 40);
      end64.writeBigUInt64LE(BigInt(start), 48);
      const locator = Buffer.alloc(20);
      locator.writeUInt32LE(0x07064b50, 0);
      locator.writeBigUInt64LE(BigInt(this.offset), 8);
      locator.writeUInt32LE(1, 16);
      await this.write(end64);
      await this.write(locator);
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(Math.min(this.entries, max16), 8);
    end.writeUInt16LE(Math.min(this.entries, max16), 10);
    end.writeUInt32LE(Math.min(this.directorySize, max32), 12);
    end.writeUInt32LE(Math.min(start, max32), 16);
    await this.write(end);
    await this.out.end();
    return this.offset;
  }

  abort(): void {
    this.out.stream.destroy();
    this.directory.stream.destroy();
  }

  /** A streamed entry's data descriptor, with ZIP64 sizes, then its central directory record. */
  private async closeStreamed(entry: Written): Promise<void> {
    const descriptor = Buffer.alloc(24);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(entry.crc, 4);
    descriptor.writeBigUInt64LE(BigInt(entry.compressed), 8);
    descriptor.writeBigUInt64LE(BigInt(entry.size), 16);
    await this.write(descriptor);
    await this.record(entry);
  }

  private localHeader(entry: Written, streamed: boolean): Buffer {
    // A streamed entry announces ZIP64 sizes, which its descriptor then gives in eight bytes.
    const extra = streamed ? zip64Extra([0, 0]) : null;
    const header = Buffer.allocUnsafe(30 + entry.name.length + (extra?.length ?? 0));
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(versionNeeded, 4);
    header.writeUInt16LE(entry.flags, 6);
    header.writeUInt16LE(entry.method, 8);
    header.writeUInt16LE(this.stamp.time, 10);
    header.writeUInt16LE(this.stamp.date, 12);
    header.writeUInt32LE(streamed ? 0 : entry.crc, 14);
    header.writeUInt32LE(streamed ? max32 : entry.compressed, 18);
    header.writeUInt32LE(streamed ? max32 : entry.size, 22);
    header.writeUInt16LE(entry.name.length, 26);
    header.writeUInt16LE(extra?.length ?? 0, 28);
    entry.name.copy(header, 30);
    extra?.copy(header, 30 + entry.name.length);
    return header;
  }

  private record(entry: Written): Promise<void> | undefined {
    // ZIP64 holds, in this order, only the values too large for their own fields.
    const [sizeLarge, compressedLarge, offsetLarge] = [entry.size >= max32, entry.compressed >= max32, entry.offset >= max32];
    const large: number[] = [];
    if (sizeLarge) large.push(entry.size);
    if (compressedLarge) large.push(entry.compressed);
    if (offsetLarge) large.push(entry.offset);
    const extra = large.length > 0 ? zip64Extra(large) : null;
    const record = Buffer.allocUnsafe(46 + entry.name.length + (extra?.length ?? 0));
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(versionMadeBy, 4);
    record.writeUInt16LE(versionNeeded, 6);
    record.writeUInt16LE(entry.flags, 8);
    record.writeUInt16LE(entry.method, 10);
    record.writeUInt16LE(this.stamp.time, 12);
    record.writeUInt16LE(this.stamp.date, 14);
    record.writeUInt32LE(entry.crc, 16);
    record.writeUInt32LE(compressedLarge ? max32 : entry.compressed, 20);
    record.writeUInt32LE(sizeLarge ? max32 : entry.size, 24);
    record.writeUInt16LE(entry.name.length, 28);
    record.writeUInt16LE(extra?.length ?? 0, 30);
    // No comment, disk number 0, no internal attributes.
    record.fill(0, 32, 38);
    record.writeUInt32LE(fileMode, 38);
    record.writeUInt32LE(offsetLarge ? max32 : entry.offset, 42);
    entry.name.copy(record, 46);
    extra?.copy(record, 46 + entry.name.length);
    this.entries += 1;
    this.directorySize += record.length;
    return this.directory.write(record);
  }

  private write(chunk: Buffer): Promise<void> | undefined {
    this.offset += chunk.length;
    return this.out.write(chunk);
  }
}
