// An item's file as its import left it: in the platform's storage (an uploaded zip), in place under the import root or
// in a customer's bucket; and its thumbnail, made on the first request for an item imported before thumbnails were made at import.
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { AppError, ItemFiles, thumbnailMediaType, Thumbnails } from '@annot/core';
import { streamBody } from '../http/stream-body';

@Injectable()
export class ItemMedia {
  constructor(
    private readonly files: ItemFiles,
    private readonly thumbnails: Thumbnails,
  ) {}

  /**
   * The file's bytes, wherever its import left it; 404 where it cannot be read, saying why: it stays in a bucket this
   * platform cannot read, or it is gone.
   */
  async open(location: string): Promise<Readable> {
    const file = await this.files.open(location);
    if (file) return file;
    const bucket = this.files.unreadableBucket(location);
    throw bucket ? new AppError(404, 'NOT_FOUND', 'items.media_in_bucket', { bucket }) : new AppError(404, 'NOT_FOUND', 'items.media_unavailable');
  }

  /** The thumbnail of an image item; none for other media, or for an image that cannot be read. */
  async thumbnail(file: MediaFile): Promise<{ stream: Readable; mediaType: string; etag: string }> {
    const unavailable = new AppError(404, 'NOT_FOUND', 'items.media_unavailable');
    if (!file.mediaType.startsWith('image/')) throw unavailable;
    if (!(await this.thumbnails.ensure(file.checksum, async () => buffer(await this.open(file.path))))) throw unavailable;
    return { stream: await this.thumbnails.open(file.checksum), mediaType: thumbnailMediaType, etag: `"${file.checksum}-thumbnail"` };
  }
}

export interface MediaFile {
  path: string;
  mediaType: string;
  checksum: string;
}

/** Media go only to those who may read the item; the browser may keep them a while, private to the signed-in person. */
export function sendMedia(res: Response, file: { stream: Readable; mediaType: string; etag: string }): Promise<void> {
  res.setHeader('Content-Type', file.mediaType);
  res.setHeader('Cache-Control', 'private, max-age=3600');
  res.setHeader('ETag', file.etag);
  // A file that fails while it is read (gone, or a folder) ends the response, never the process.
  return streamBody(res, file.stream);
}
