// The last step of every parser: trim the arrays to the points kept, refuse a cloud of none, and bound it.
import { decompressLzf, type LzfExpander, lzfSlack } from './lzf';
import { cloudBounds, type PointCloud } from './point-cloud';
import { PointCloudError } from './point-cloud-error';

/** Arrays sized for `total` points of which the first `kept` were written (the others had a non-finite coordinate). */
export interface CloudArrays {
  positions: Float32Array;
  intensity: Float32Array | null;
  colors: Uint8Array | null;
}

/** How a parser may treat the bytes it is given. */
export interface ParseOptions {
  /**
   * The caller gives up the bytes: the parser may write the cloud's arrays over them once read, and the cloud's arrays
   * may view its memory (and trim by view, not by copy). For a caller that owns a buffer it parses once, where fresh
   * large arrays cost more than the parse: a browser maps each large ArrayBuffer anew and pays a page fault for every
   * first write. Without it the bytes are left as they were and the cloud's arrays are its own.
   */
  reuseInput?: boolean;
  /** Memory for the parse's working bytes (a compressed file's expanded stream), lent across parses. */
  scratch?: ParseScratch;
}

/**
 * Working memory a caller keeps for parses one after another, so that each writes into pages already mapped rather
 * than a fresh buffer: in a browser a fresh 19 MB buffer costs a compressed scan's parse about as much as expanding
 * it. It grows to the largest need seen and is held until the caller drops it; no parse's cloud views it.
 */
export class ParseScratch {
  private held = new Uint8Array(0);

  /** `lzf`, where given, expands compressed streams in memory of its own (a WebAssembly module's) instead. */
  constructor(private readonly lzf: LzfExpander | null = null) {}

  /** The `rawSize` bytes an LZF stream expands to; valid until the next call. */
  expandLzf(input: Uint8Array, rawSize: number): Uint8Array {
    if (this.lzf) return this.lzf.expand(input, rawSize);
    if (this.held.length < rawSize + lzfSlack) this.held = new Uint8Array(rawSize + lzfSlack);
    return decompressLzf(input, rawSize, this.held);
  }
}

/** `bounds` where the parser tracked them as it read, else they are found here; trimmed by view where `inPlace`. */
export function buildCloud(arrays: CloudArrays, kept: number, total: number, bounds?: PointCloud['bounds'], inPlace = false): PointCloud {
  if (kept === 0) throw new PointCloudError('pointcloud.empty');
  const trim = kept < total;
  const cut = <T extends Float32Array | Uint8Array>(array: T, length: number): T =>
    !trim ? array : ((inPlace ? array.subarray(0, length) : array.slice(0, length)) as T);
  const positions = cut(arrays.positions, kept * 3);
  const intensity = arrays.intensity && cut(arrays.intensity, kept);
  const colors = arrays.colors && cut(arrays.colors, kept * 3);
  return { count: kept, positions, intensity, colors, bounds: bounds ?? cloudBounds(positions, kept) };
}

/**
 * Moves the points of `total` written whole (positions, intensity, colour at the point's own index) whose coordinates
 * are all finite to the front, in order, and says how many there are.
 */
export function keepFinite(arrays: CloudArrays, total: number): number {
  const { positions, intensity, colors } = arrays;
  let kept = 0;
  for (let i = 0; i < total; i++) {
    const i3 = i * 3;
    const px = positions[i3];
    const py = positions[i3 + 1];
    const pz = positions[i3 + 2];
    if (px - px + (py - py) + (pz - pz) !== 0) continue;
    if (kept < i) {
      const k3 = kept * 3;
      positions[k3] = px;
      positions[k3 + 1] = py;
      positions[k3 + 2] = pz;
      if (intensity) intensity[kept] = intensity[i];
      if (colors) {
        colors[k3] = colors[i3];
        colors[k3 + 1] = colors[i3 + 1];
        colors[k3 + 2] = colors[i3 + 2];
      }
    }
    kept++;
  }
  return kept;
}

/** Where a Float32Array may begin in the memory of `bytes`: its first 4-byte boundary, as an offset within `bytes`. */
const alignedStart = (bytes: Uint8Array): number => (4 - (bytes.byteOffset & 3)) & 3;

/**
 * Positions of `total` points over rows of `stride` bytes that start at `first` in `bytes`, written as the rows are
 * read, or null where that could overwrite a row not yet read. Point k is written once row i >= k is wholly read; its
 * 12 bytes end at start + 12(k + 1) <= start + 12(i + 1), which is at most where row i + 1 begins
 * (first + stride(i + 1)) when start + 12 <= first + stride and stride >= 12.
 */
export function positionsBehindRows(bytes: Uint8Array, first: number, stride: number, total: number): Float32Array | null {
  const start = alignedStart(bytes);
  if (stride < 12 || start + 12 > first + stride) return null;
  return new Float32Array(bytes.buffer, bytes.byteOffset + start, total * 3);
}

/** `length` floats over bytes the parser has finished reading, or null where they do not fit. */
export function floatsOverRead(bytes: Uint8Array, length: number): Float32Array | null {
  const start = alignedStart(bytes);
  return start + length * 4 <= bytes.byteLength ? new Float32Array(bytes.buffer, bytes.byteOffset + start, length) : null;
}

/** One line of a text header, read as Latin-1 (headers are ASCII), with its line ending removed. */
export function headerLine(bytes: Uint8Array, start: number, end: number): string {
  let line = '';
  for (let i = start; i < end; i++) line += String.fromCharCode(bytes[i]);
  return line.replace(/\r$/, '');
}

/** The text of bytes as UTF-8 (ASCII bodies decode the same). */
export function bodyText(bytes: Uint8Array, start: number): string {
  return new TextDecoder().decode(bytes.subarray(start));
}
