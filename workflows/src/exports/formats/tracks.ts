// What the track formats share: every frame of every track read from the one interpolation, numbers for the formats
// whose track ids are integers, and the tracks file beside them that keeps each track's own id and values, so an
// export imported back gives the same tracks with the same ids.
import { frameAttributesAt } from '../../items/interpolation';
import type { AttributeValues, ResultObject } from '../../items/result.schema';
import type { ExportItem } from '../format';
import { attributeValues } from './objects-at';

/**
 * Integer track ids for an item's objects: an object whose id is already a whole number keeps it, the others are
 * numbered after the largest one, in the document's order.
 */
export function trackNumbers(objects: ResultObject[]): Map<string, number> {
  const numbers = new Map<string, number>();
  let next = 1;
  for (const o of objects) if (/^[1-9]\d{0,8}$/.test(o.id)) next = Math.max(next, Number(o.id) + 1);
  for (const o of objects) numbers.set(o.id, /^[1-9]\d{0,8}$/.test(o.id) ? Number(o.id) : next++);
  return numbers;
}

/** One track in the tracks file: its own id, its own values, and its frame values from each keyframe that sets some. */
interface TrackEntry {
  id: string;
  attributes: AttributeValues;
  frames: Record<string, AttributeValues>;
}

/** The tracks file of an item: by track number, each track's id and values. */
export function tracksFile(item: ExportItem, numbers: Map<string, number>): string {
  const entries: Record<string, TrackEntry> = {};
  for (const object of item.result.objects) {
    const frames: Record<string, AttributeValues> = {};
    for (const k of object.keyframes) if (Object.keys(k.attributes).length > 0) frames[String(k.frame)] = k.attributes;
    entries[String(numbers.get(object.id))] = { id: object.id, attributes: object.attributes, frames };
  }
  return `${JSON.stringify(entries, null, 1)}\n`;
}

/** A read tracks file: for a track number, its id and its values at a frame (own values, then the frame values carried to it). */
export interface TrackBook {
  idOf(number: string): string;
  valuesAt(number: string, frame: number): AttributeValues;
}

/** Reads a tracks file; a missing or unreadable one leaves the numbers as the ids and the values empty. */
export function readTracksFile(content: Buffer | undefined): TrackBook {
  let entries: Record<string, Partial<TrackEntry>> = {};
  try {
    const parsed: unknown = content ? JSON.parse(content.toString('utf8')) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) entries = parsed as Record<string, Partial<TrackEntry>>;
  } catch {
    entries = {};
  }
  const keyframes = new Map<string, { keyframes: { frame: number; attributes: AttributeValues; shape: null; outside: false; source: 'algorithm' }[] }>();
  const framesOf = (number: string) => {
    let found = keyframes.get(number);
    if (!found) {
      const frames = entries[number]?.frames;
      const list = frames && typeof frames === 'object' ? Object.entries(frames) : [];
      found = { keyframes: list.map(([frame, values]) => ({ frame: Number(frame), attributes: attributeValues(values), shape: null, outside: false as const, source: 'algorithm' as const })).filter((k) => Number.isInteger(k.frame)).sort((a, b) => a.frame - b.frame) };
      keyframes.set(number, found);
    }
    return found;
  };
  return {
    idOf: (number) => {
      const id = entries[number]?.id;
      return typeof id === 'string' && id ? id : number;
    },
    valuesAt: (number, frame) => ({ ...attributeValues(entries[number]?.attributes), ...frameAttributesAt(framesOf(number), frame) }),
  };
}
