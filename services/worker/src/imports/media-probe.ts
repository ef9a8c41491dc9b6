// Tells what a file holds from its name and its first bytes: the media type and, for images, width and height.
import { imageSize } from 'image-size';

export type Probe = { ok: true; mediaType: string; width: number | null; height: number | null } | { ok: false; reasonKey: string };

const imageExtensions: Record<string, string> = {
  png: 'png',
  jpg: 'jpg',
  jpeg: 'jpg',
  bmp: 'bmp',
  gif: 'gif',
  webp: 'webp',
  tif: 'tiff',
  tiff: 'tiff',
};
const imageMediaTypes: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', bmp: 'image/bmp', gif: 'image/gif', webp: 'image/webp', tiff: 'image/tiff' };

/** Frames, point clouds and their side files, which are registered as they are. */
const otherMediaTypes: Record<string, string> = {
  pcd: 'application/x-pcd',
  ply: 'application/x-ply',
  las: 'application/vnd.las',
  bin: 'application/octet-stream',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  mkv: 'video/x-matroska',
  webm: 'video/webm',
  avi: 'video/x-msvideo',
  json: 'application/json',
};

/** The media type a file's name gives it, for files registered as they are (videos, point clouds); null for others. */
export const mediaTypeByName = (name: string): string | null => otherMediaTypes[extensionOf(name)] ?? null;

export const extensionOf = (name: string): string => /\.([^./]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

export function probe(name: string, header: Buffer): Probe {
  if (header.length === 0) return { ok: false, reasonKey: 'batches.reason_unreadable' };
  const extension = extensionOf(name);
  const imageType = imageExtensions[extension];
  if (imageType) {
    try {
      const size = imageSize(header);
      // A file named .png that holds something else is as unreadable for a tagger as a broken one.
      if (size.type !== imageType || !size.width || !size.height) return { ok: false, reasonKey: 'batches.reason_unreadable' };
      return { ok: true, mediaType: imageMediaTypes[imageType], width: size.width, height: size.height };
    } catch {
      return { ok: false, reasonKey: 'batches.reason_unreadable' };
    }
  }
  const other = otherMediaTypes[extension];
  if (other) return { ok: true, mediaType: other, width: null, height: null };
  return { ok: false, reasonKey: 'batches.reason_unsupported' };
}

