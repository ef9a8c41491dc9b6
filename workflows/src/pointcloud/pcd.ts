// PCD (the Point Cloud Library's format) in its three encodings: ascii, binary (row by row) and binary_compressed
// (LZF over the fields column by column). Any fields may be present; x, y, z are required, reflectance and packed
// rgb are kept, every other field is stepped over.
import { decompressLzf } from './lzf';
import type { PointCloud } from './point-cloud';
import { bodyText, buildCloud, floatsOverRead, headerLine, keepFinite, type ParseOptions, positionsBehindRows } from './point-cloud-build';
import { PointCloudError } from './point-cloud-error';
import { float32Bits, intensityNames, type ScalarType, scalarReader } from './scalar';

export type PcdEncoding = 'ascii' | 'binary' | 'binary_compressed';

export interface PcdField {
  name: string;
  type: ScalarType;
  size: number;
  count: number;
}

export interface PcdHeader {
  version: string | null;
  fields: PcdField[];
  width: number;
  height: number;
  viewpoint: number[] | null;
  points: number;
  encoding: PcdEncoding;
  /** Where the data starts: the byte after the DATA line. */
  dataOffset: number;
}

const pcdTypes: Record<string, ScalarType> = {
  I1: 'int8', I2: 'int16', I4: 'int32', I8: 'int64',
  U1: 'uint8', U2: 'uint16', U4: 'uint32', U8: 'uint64',
  F4: 'float32', F8: 'float64',
};

const wholeNumber = (keyword: string, value: string | undefined): number => {
  if (value === undefined || !/^\d+$/.test(value)) throw new PointCloudError('pointcloud.header_invalid', { keyword });
  return Number(value);
};

/** The header of a PCD file: its lines up to and including DATA; comment lines (starting with '#') skipped. */
export function readPcdHeader(bytes: Uint8Array): PcdHeader {
  const entries = new Map<string, string[]>();
  let position = 0;
  let dataOffset = -1;
  while (position < bytes.length) {
    let end = bytes.indexOf(10, position);
    if (end < 0) end = bytes.length;
    const line = headerLine(bytes, position, end).trim();
    position = end + 1;
    if (line === '' || line.startsWith('#')) continue;
    const [keyword, ...values] = line.split(/\s+/);
    const key = keyword.toUpperCase();
    if (!/^[A-Z_]+$/.test(key)) throw new PointCloudError('pointcloud.header_invalid', { keyword: keyword.slice(0, 40) });
    entries.set(key, values);
    if (key === 'DATA') {
      dataOffset = Math.min(position, bytes.length);
      break;
    }
  }
  if (dataOffset < 0) throw new PointCloudError('pointcloud.header_invalid', { keyword: 'DATA' });

  const names = entries.get('FIELDS');
  if (!names || names.length === 0) throw new PointCloudError('pointcloud.header_invalid', { keyword: 'FIELDS' });
  const list = (keyword: string, fallback?: string[]): string[] => {
    const values = entries.get(keyword) ?? fallback;
    if (!values || values.length !== names.length) throw new PointCloudError('pointcloud.header_invalid', { keyword });
    return values;
  };
  const sizes = list('SIZE');
  const types = list('TYPE');
  const counts = list('COUNT', names.map(() => '1'));
  const fields = names.map((name, i): PcdField => {
    const code = `${types[i].toUpperCase()}${sizes[i]}`;
    const type = pcdTypes[code];
    if (!type) throw new PointCloudError('pointcloud.type_unsupported', { field: name, type: code });
    return { name, type, size: Number(sizes[i]), count: wholeNumber('COUNT', counts[i]) };
  });

  const width = entries.has('WIDTH') ? wholeNumber('WIDTH', entries.get('WIDTH')?.[0]) : 0;
  const height = entries.has('HEIGHT') ? wholeNumber('HEIGHT', entries.get('HEIGHT')?.[0]) : 1;
  const points = entries.has('POINTS') ? wholeNumber('POINTS', entries.get('POINTS')?.[0]) : width * height;
  const viewpoint = entries.get('VIEWPOINT')?.map(Number) ?? null;
  const encoding = entries.get('DATA')?.[0]?.toLowerCase();
  if (encoding !== 'ascii' && encoding !== 'binary' && encoding !== 'binary_compressed') {
    throw new PointCloudError('pointcloud.encoding_unknown', { encoding: (encoding ?? '').slice(0, 40) });
  }
  return { version: entries.get('VERSION')?.[0] ?? null, fields, width, height, viewpoint, points, encoding, dataOffset };
}

interface Wanted {
  x: number;
  y: number;
  z: number;
  intensity: number;
  color: number;
}

/** The index of each field the cloud keeps, or -1. */
function wantedFields(fields: PcdField[]): Wanted {
  const index = (name: string) => fields.findIndex((field) => field.name === name);
  const axis = (name: string) => {
    const found = index(name);
    if (found < 0) throw new PointCloudError('pointcloud.field_missing', { field: name });
    return found;
  };
  const lower = fields.map((field) => field.name.toLowerCase());
  const intensityName = intensityNames.find((name) => lower.includes(name));
  const colorIndex = fields.findIndex((field, i) => (lower[i] === 'rgb' || lower[i] === 'rgba') && field.size === 4);
  return {
    x: axis('x'),
    y: axis('y'),
    z: axis('z'),
    intensity: intensityName === undefined ? -1 : lower.indexOf(intensityName),
    color: colorIndex,
  };
}

/**
 * Reads a PCD file into a cloud; points with a non-finite coordinate are dropped. With `reuseInput` the positions
 * are written over the bytes once read (binary: behind the row being read; binary_compressed: over the compressed
 * stream once expanded, where it has room). A compressed stream expands into the caller's scratch where given.
 */
export function parsePcd(bytes: Uint8Array, options: ParseOptions = {}): PointCloud {
  const header = readPcdHeader(bytes);
  const wanted = wantedFields(header.fields);
  if (header.points === 0) throw new PointCloudError('pointcloud.empty');
  if (header.encoding === 'ascii') return parseAscii(bytes, header, wanted);

  const total = header.points;
  const reuse = options.reuseInput === true;
  const rowSize = header.fields.reduce((sum, field) => sum + field.size * field.count, 0);
  const expected = total * rowSize;
  if (header.encoding === 'binary') {
    const actual = bytes.length - header.dataOffset;
    if (actual < expected) throw new PointCloudError('pointcloud.truncated', { expected: header.dataOffset + expected, actual: bytes.length });
    // Row by row: a field starts at its offset within the row, and the next point's value is a row further.
    let offset = 0;
    const layout = header.fields.map((field) => {
      const start = header.dataOffset + offset;
      offset += field.size * field.count;
      return { start, stride: rowSize };
    });
    const positions = reuse ? positionsBehindRows(bytes, header.dataOffset, rowSize, total) : null;
    return readColumns(bytes, header, wanted, layout, { positions, inPlace: reuse });
  }

  const sizes = header.dataOffset + 8;
  if (bytes.length < sizes) throw new PointCloudError('pointcloud.truncated', { expected: sizes, actual: bytes.length });
  const sizeView = new DataView(bytes.buffer, bytes.byteOffset + header.dataOffset, 8);
  const compressedSize = sizeView.getUint32(0, true);
  const rawSize = sizeView.getUint32(4, true);
  if (bytes.length < sizes + compressedSize) {
    throw new PointCloudError('pointcloud.truncated', { expected: sizes + compressedSize, actual: bytes.length });
  }
  if (rawSize < expected) throw new PointCloudError('pointcloud.truncated', { expected, actual: rawSize });
  const compressed = bytes.subarray(sizes, sizes + compressedSize);
  const raw = options.scratch ? options.scratch.expandLzf(compressed, rawSize) : decompressLzf(compressed, rawSize);
  // Column by column: all points' values of a field, then the next field's.
  let offset = 0;
  const layout = header.fields.map((field) => {
    const start = offset;
    offset += field.size * field.count * total;
    return { start, stride: field.size * field.count };
  });
  // The compressed bytes are read through once expanded.
  return readColumns(raw, header, wanted, layout, { positions: reuse ? floatsOverRead(bytes, total * 3) : null, inPlace: reuse });
}

type Column = { start: number; stride: number };

/** Where the caller has found room for the positions (null: a fresh array), and whether the cloud may be trimmed by view. */
interface Destination {
  positions: Float32Array | null;
  inPlace: boolean;
}

/**
 * Reads the kept fields of binary data where point i's value of field f sits at layout[f].start + i·layout[f].stride.
 * Each point is read whole before any of it is written, so a destination may lie over the rows read so far.
 */
function readColumns(bytes: Uint8Array, header: PcdHeader, wanted: Wanted, layout: Column[], destination: Destination): PointCloud {
  const total = header.points;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const positions = destination.positions ?? new Float32Array(total * 3);
  const intensity = wanted.intensity >= 0 ? new Float32Array(total) : null;
  const colors = wanted.color >= 0 ? new Uint8Array(total * 3) : null;
  const { fields } = header;
  const kept = (index: number) => index >= 0;
  const stride = layout[wanted.x].stride;
  const floatAtStride = (index: number) => fields[index].type === 'float32' && layout[index].stride === stride;
  if (
    floatAtStride(wanted.x) && floatAtStride(wanted.y) && floatAtStride(wanted.z) &&
    (!kept(wanted.intensity) || floatAtStride(wanted.intensity)) &&
    (!kept(wanted.color) || layout[wanted.color].stride === stride)
  ) {
    const arrays = { positions, intensity, colors };
    const read = new Float64Array(7);
    const starts = [wanted.x, wanted.y, wanted.z, wanted.intensity, wanted.color].filter(kept).map((index) => bytes.byteOffset + layout[index].start);
    if (littleEndianHost && stride % 4 === 0 && starts.every((start) => start % 4 === 0)) {
      // Whole words: one Float32Array (and a Uint32Array for colour) over the data, indexed in words. A column of
      // intensity (one word a point, as binary_compressed stores it) is copied whole rather than word by word.
      const word = (index: number) => (kept(index) ? (bytes.byteOffset + layout[index].start) >> 2 : -1);
      const words = new Float32Array(bytes.buffer, 0, (bytes.byteOffset + bytes.byteLength) >> 2);
      const packed = colors ? new Uint32Array(bytes.buffer, 0, words.length) : emptyWords;
      const step = stride >> 2;
      const intensityColumn = intensity !== null && step === 1 ? word(wanted.intensity) : -1;
      const intensityAt = intensityColumn >= 0 ? -1 : word(wanted.intensity);
      readFloat32Words(words, packed, total, step, word(wanted.x), word(wanted.y), word(wanted.z), intensityAt, word(wanted.color), arrays.positions, intensity ?? empty, colors ?? emptyBytes, read);
      if (intensityColumn >= 0) intensity?.set(words.subarray(intensityColumn, intensityColumn + total));
    } else {
      const at = (index: number) => (kept(index) ? layout[index].start : -1);
      readFloat32Points(view, total, stride, at(wanted.x), at(wanted.y), at(wanted.z), at(wanted.intensity), at(wanted.color), positions, intensity ?? empty, colors ?? emptyBytes, read);
    }
    if (read[0] !== 0) return buildCloud(arrays, keepFinite(arrays, total), total, undefined, destination.inPlace);
    const bounds: PointCloud['bounds'] = { min: [read[1], read[2], read[3]], max: [read[4], read[5], read[6]] };
    return buildCloud(arrays, total, total, bounds, destination.inPlace);
  }

  const reader = (index: number) => {
    const column = layout[index];
    const readScalar = scalarReader(view, fields[index].type, true);
    return (i: number) => readScalar(column.start + i * column.stride);
  };
  const [readX, readY, readZ] = [reader(wanted.x), reader(wanted.y), reader(wanted.z)];
  const readIntensity = intensity ? reader(wanted.intensity) : () => 0;
  const colorAt = colors ? layout[wanted.color] : { start: 0, stride: 0 };
  let count = 0;
  for (let i = 0; i < total; i++) {
    const px = readX(i);
    const py = readY(i);
    const pz = readZ(i);
    const reflectance = readIntensity(i);
    const rgb = colors ? view.getUint32(colorAt.start + i * colorAt.stride, true) : 0;
    if (!Number.isFinite(px) || !Number.isFinite(py) || !Number.isFinite(pz)) continue;
    const k3 = count * 3;
    positions[k3] = px;
    positions[k3 + 1] = py;
    positions[k3 + 2] = pz;
    if (intensity) intensity[count] = reflectance;
    if (colors) {
      colors[k3] = (rgb >>> 16) & 255;
      colors[k3 + 1] = (rgb >>> 8) & 255;
      colors[k3 + 2] = rgb & 255;
    }
    count++;
  }
  return buildCloud({ positions, intensity, colors }, count, total, undefined, destination.inPlace);
}

const empty = new Float32Array(0);
const emptyBytes = new Uint8Array(0);
const emptyWords = new Uint32Array(0);

/** Whether typed arrays read memory as little-endian, as PCD stores it (every host the console runs on). */
const littleEndianHost = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

// The common case (float32 x, y, z, a float32 intensity or none at -1, a packed colour or none, every field a stride
// apart) in one loop of numbers and typed arrays only, so the engine optimizes it once and keeps it for every file.
// Every point is written, at its own index, right after it is read whole, so a destination may lie over the rows
// read so far. The loop has no branch that depends on the data: a point's x - x + y - y + z - z is 0 unless a
// coordinate is NaN or infinite, and the sum of them all is carried in read[0] (a cloud with any such point is then
// compacted by keepFinite); Math.min and Math.max carry the bounds in read[1..6] (min x, y, z, max x, y, z), which
// cost less than comparisons whose outcome the processor cannot predict.

/** The common case over whole 4-byte words: `words` and `packed` view the same memory, point i's x at xAt + i·step. */
function readFloat32Words(
  words: Float32Array,
  packed: Uint32Array,
  total: number,
  step: number,
  xAt: number,
  yAt: number,
  zAt: number,
  intensityAt: number,
  colorAt: number,
  positions: Float32Array,
  intensity: Float32Array,
  colors: Uint8Array,
  read: Float64Array,
): void {
  const withIntensity = intensityAt >= 0;
  const withColor = colorAt >= 0;
  let nonFinite = 0, minX = Infinity, minY = Infinity, minZ = Infinity, maxX = -Infinity, maxY = -Infinity, maxZ = -Infinity;
  for (let i = 0, row = 0, k3 = 0; i < total; i++, row += step, k3 += 3) {
    const px = words[row + xAt];
    const py = words[row + yAt];
    const pz = words[row + zAt];
    const reflectance = withIntensity ? words[row + intensityAt] : 0;
    const rgb = withColor ? packed[row + colorAt] : 0;
    nonFinite += px - px + (py - py) + (pz - pz);
    minX = Math.min(minX, px);
    maxX = Math.max(maxX, px);
    minY = Math.min(minY, py);
    maxY = Math.max(maxY, py);
    minZ = Math.min(minZ, pz);
    maxZ = Math.max(maxZ, pz);
    positions[k3] = px;
    positions[k3 + 1] = py;
    positions[k3 + 2] = pz;
    if (withIntensity) intensity[i] = reflectance;
    if (withColor) {
      colors[k3] = (rgb >>> 16) & 255;
      colors[k3 + 1] = (rgb >>> 8) & 255;
      colors[k3 + 2] = rgb & 255;
    }
  }
  read.set([nonFinite, minX, minY, minZ, maxX, maxY, maxZ]);
}

/** The common case through a DataView, for fields at any byte offset (and big-endian hosts): point i at xAt + i·stride. */
function readFloat32Points(
  view: DataView,
  total: number,
  stride: number,
  xAt: number,
  yAt: number,
  zAt: number,
  intensityAt: number,
  colorAt: number,
  positions: Float32Array,
  intensity: Float32Array,
  colors: Uint8Array,
  read: Float64Array,
): void {
  const withIntensity = intensityAt >= 0;
  const withColor = colorAt >= 0;
  let nonFinite = 0, minX = Infinity, minY = Infinity, minZ = Infinity, maxX = -Infinity, maxY = -Infinity, maxZ = -Infinity;
  for (let i = 0, row = 0, k3 = 0; i < total; i++, row += stride, k3 += 3) {
    const px = view.getFloat32(row + xAt, true);
    const py = view.getFloat32(row + yAt, true);
    const pz = view.getFloat32(row + zAt, true);
    const reflectance = withIntensity ? view.getFloat32(row + intensityAt, true) : 0;
    const rgb = withColor ? view.getUint32(row + colorAt, true) : 0;
    nonFinite += px - px + (py - py) + (pz - pz);
    minX = Math.min(minX, px);
    maxX = Math.max(maxX, px);
    minY = Math.min(minY, py);
    maxY = Math.max(maxY, py);
    minZ = Math.min(minZ, pz);
    maxZ = Math.max(maxZ, pz);
    positions[k3] = px;
    positions[k3 + 1] = py;
    positions[k3 + 2] = pz;
    if (withIntensity) intensity[i] = reflectance;
    if (withColor) {
      colors[k3] = (rgb >>> 16) & 255;
      colors[k3 + 1] = (rgb >>> 8) & 255;
      colors[k3 + 2] = rgb & 255;
    }
  }
  read.set([nonFinite, minX, minY, minZ, maxX, maxY, maxZ]);
}

/** Reads ascii data: one point a line, each field's values as whitespace-separated tokens. */
function parseAscii(bytes: Uint8Array, header: PcdHeader, wanted: Wanted): PointCloud {
  const total = header.points;
  const columns: number[] = [];
  let column = 0;
  for (const field of header.fields) {
    columns.push(column);
    column += field.count;
  }
  const positions = new Float32Array(total * 3);
  const intensity = wanted.intensity >= 0 ? new Float32Array(total) : null;
  const colors = wanted.color >= 0 ? new Uint8Array(total * 3) : null;
  const colorIsFloat = colors !== null && header.fields[wanted.color].type === 'float32';
  const lines = bodyText(bytes, header.dataOffset).split('\n');
  let row = 0;
  let kept = 0;
  for (let l = 0; l < lines.length && row < total; l++) {
    const line = lines[l].trim();
    if (line === '') continue;
    row++;
    const tokens = line.split(/\s+/);
    if (tokens.length < column) throw new PointCloudError('pointcloud.row_invalid', { row, expected: column, actual: tokens.length });
    const px = Number(tokens[columns[wanted.x]]);
    const py = Number(tokens[columns[wanted.y]]);
    const pz = Number(tokens[columns[wanted.z]]);
    if (!Number.isFinite(px) || !Number.isFinite(py) || !Number.isFinite(pz)) continue;
    const k3 = kept * 3;
    positions[k3] = px;
    positions[k3 + 1] = py;
    positions[k3 + 2] = pz;
    if (intensity) intensity[kept] = Number(tokens[columns[wanted.intensity]]);
    if (colors) {
      const value = Number(tokens[columns[wanted.color]]);
      const rgb = colorIsFloat ? float32Bits(value) : value >>> 0;
      colors[k3] = (rgb >>> 16) & 255;
      colors[k3 + 1] = (rgb >>> 8) & 255;
      colors[k3 + 2] = rgb & 255;
    }
    kept++;
  }
  if (row < total) throw new PointCloudError('pointcloud.rows_missing', { expected: total, actual: row });
  return buildCloud({ positions, intensity, colors }, kept, total);
}
