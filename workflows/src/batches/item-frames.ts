// The frames of a data item: a picture is a sequence of one frame (its own media); a folder of images or a video
// is one item of many. Columns rather than objects per frame, so a 70,000-frame video stays compact in its event.
import type { ItemSensors } from '../fusion/calibration';
import type { ItemFrameView, ItemFramesView } from '../items/item.views';

/** The frames of an item of several frames as its import registered them. */
export interface ItemFrames {
  /** Each frame's path is this followed by its file name. */
  pathPrefix: string;
  count: number;
  /** Names in frame order; empty where the frames carry the names video extraction gives them (see frameFileName). */
  fileNames: string[];
  /** One value per frame, or a single value every frame shares. */
  widths: (number | null)[];
  heights: (number | null)[];
  /** Seconds per frame; empty where the import was given no times. */
  timestamps: number[];
  /** A video's average frame rate; null for a folder of images. */
  frameRate: number | null;
  /** A point-cloud item's cameras and poses; absent or null for pictures and videos (their frames are images). */
  sensors?: ItemSensors | null;
}

/** The single picture an item is when it has no frames of its own. */
export interface SinglePicture {
  fileName: string;
  path: string;
  width: number | null;
  height: number | null;
}

/** Extensions of the video files an import of a video project decodes. */
export const videoExtensions = ['mp4', 'mov', 'mkv', 'webm'] as const;

/** The image format frames are extracted to, and the names they get: 000000.jpg, 000001.jpg, ... */
export const extractedFrameExtension = 'jpg';
export const frameFileName = (index: number): string => `${String(index).padStart(6, '0')}.${extractedFrameExtension}`;

const columnValue = <T>(values: T[], index: number): T | null => (values.length === 0 ? null : values.length === 1 ? values[0] : (values[index] ?? null));

/** Name and path of frame `index`, or null where the item has no such frame. */
export function frameFile(frames: ItemFrames | null, picture: SinglePicture, index: number): { fileName: string; path: string } | null {
  if (!Number.isInteger(index) || index < 0) return null;
  if (!frames) return index === 0 ? { fileName: picture.fileName, path: picture.path } : null;
  if (index >= frames.count) return null;
  const fileName = frames.fileNames.length > 0 ? frames.fileNames[index] : frameFileName(index);
  return { fileName, path: frames.pathPrefix + fileName };
}

/** Every frame in order, as the editor reads them. */
export function itemFramesView(frames: ItemFrames | null, picture: SinglePicture): ItemFramesView {
  if (!frames) return { frameRate: null, sensors: null, frames: [{ index: 0, fileName: picture.fileName, width: picture.width, height: picture.height, timestamp: null }] };
  const list: ItemFrameView[] = new Array(frames.count);
  for (let index = 0; index < frames.count; index++) {
    list[index] = {
      index,
      fileName: frames.fileNames.length > 0 ? frames.fileNames[index] : frameFileName(index),
      width: columnValue(frames.widths, index),
      height: columnValue(frames.heights, index),
      timestamp: frames.timestamps.length > 0 ? (frames.timestamps[index] ?? null) : null,
    };
  }
  return { frameRate: frames.frameRate, sensors: frames.sensors ?? null, frames: list };
}

/** One value where every value is the same, so the event and the row carry a video's size once. */
export function compactColumn<T>(values: T[]): T[] {
  return values.length > 1 && values.every((v) => v === values[0]) ? [values[0]] : values;
}

const imageMediaTypes: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', bmp: 'image/bmp', gif: 'image/gif', webp: 'image/webp', tif: 'image/tiff', tiff: 'image/tiff' };

/** The media type a frame's image is served with, from its name. */
export const frameMediaType = (fileName: string): string => imageMediaTypes[/\.([^./]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? ''] ?? 'application/octet-stream';
