// The seam between the import job and where a batch's files live: an extracted zip, a server folder, or an object-store prefix.
import type { Readable } from 'node:stream';

/** One file an import source offers; `name` is relative to the batch root and '/'-separated. */
export interface SourceFile {
  name: string;
  size: number;
  /** What items.path stores: a storage-relative path or s3://bucket/key. */
  location: string;
  /** Where the file is on this disk, for tools that read files themselves (ffmpeg); absent for a bucket's objects. */
  localPath?: string;
  /** The whole file, or the bytes [start, end) when a range is given (end exclusive). */
  read(start?: number, end?: number): Promise<Buffer>;
  /** The whole file as a stream, for a file too large to hold (a data set's annotations). */
  stream(): Promise<Readable>;
}

export interface ImportSource {
  /** Every regular file under the root, in a stable order so a re-run sees the same sequence. */
  list(): AsyncIterable<SourceFile>;
}
