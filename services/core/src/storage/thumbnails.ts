// Small previews of images for the item lists, made once per content and kept in the one storage beside the media.
import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import sharp from 'sharp';
import { STORAGE, type Storage } from './storage';

/** The longest side of a thumbnail in pixels; smaller images keep their size. */
export const thumbnailSide = 256;
export const thumbnailMediaType = 'image/webp';

/** Keyed by the media's SHA-256, so identical images share one thumbnail and a re-run finds the one it made. */
export const thumbnailKey = (checksum: string): string => `thumbnails/${checksum.slice(0, 2)}/${checksum}.webp`;

/** Larger images than this are not worth decoding for a preview: 100 megapixels. */
const maxInputPixels = 100_000_000;

/** The thumbnail of an image, turned as its EXIF orientation says, as browsers show it; rejects what sharp cannot read. */
export function renderThumbnail(image: Buffer): Promise<Buffer> {
  return sharp(image, { failOn: 'error', limitInputPixels: maxInputPixels })
    .rotate()
    .resize(thumbnailSide, thumbnailSide, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 70 })
    .toBuffer();
}

@Injectable()
export class Thumbnails {
  constructor(@Inject(STORAGE) private readonly storage: Storage) {}

  /**
   * Makes the thumbnail of an image unless it exists; true when one is there afterwards. An image sharp cannot read
   * (a truncated file, a format it lacks) simply has none: the lists show a placeholder.
   */
  async ensure(checksum: string, image: () => Promise<Buffer>): Promise<boolean> {
    const key = thumbnailKey(checksum);
    if (await this.storage.stat(key)) return true;
    let rendered: Buffer;
    try {
      rendered = await renderThumbnail(await image());
    } catch {
      return false;
    }
    await this.storage.put(key, rendered);
    return true;
  }

  open(checksum: string): Promise<Readable> {
    return this.storage.get(thumbnailKey(checksum));
  }
}
