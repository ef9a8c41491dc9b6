// Writes PCD files in the three encodings PCL writes (ascii, binary, binary_compressed): for generated scenes,
// benchmarks and tests of the parser.
import { compressLzf } from './lzf';

export type PcdType = 'I' | 'U' | 'F';

export interface PcdFieldSpec {
  name: string;
  type: PcdType;
  size: 1 | 2 | 4 | 8;
  count?: number;
}

/** The float32 whose bits are 0x00RRGGBB, as PCL packs a colour into an F4 rgb field. */
export function packRgb(r: number, g: number, b: number): number {
  const bits = new Uint32Array([(r << 16) | (g << 8) | b]);
  return new Float32Array(bits.buffer)[0];
}

const setters: Record<string, (view: DataView, offset: number, value: number) => void> = {
  I1: (v, o, x) => v.setInt8(o, x),
  I2: (v, o, x) => v.setInt16(o, x, true),
  I4: (v, o, x) => v.setInt32(o, x, true),
  I8: (v, o, x) => v.setBigInt64(o, BigInt(x), true),
  U1: (v, o, x) => v.setUint8(o, x),
  U2: (v, o, x) => v.setUint16(o, x, true),
  U4: (v, o, x) => v.setUint32(o, x, true),
  U8: (v, o, x) => v.setBigUint64(o, BigInt(x), true),
  F4: (v, o, x) => v.setFloat32(o, x, true),
  F8: (v, o, x) => v.setFloat64(o, x, true),
};

const encoder = new TextEncoder();

/** The parts one after another in one array. */
export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}

/**
 * A PCD file of `points` points whose values come from `value(point, field, element)`. Header lines may be added
 * (comments) before FIELDS.
 */
export function writePcd(
  fields: PcdFieldSpec[],
  points: number,
  value: (point: number, field: number, element: number) => number,
  encoding: 'ascii' | 'binary' | 'binary_compressed',
  options: { comments?: string[] } = {},
): Uint8Array {
  const counts = fields.map((field) => field.count ?? 1);
  const header = [
    '# .PCD v0.7 - Point Cloud Data file format',
    ...(options.comments ?? []),
    'VERSION 0.7',
    `FIELDS ${fields.map((field) => field.name).join(' ')}`,
    `SIZE ${fields.map((field) => field.size).join(' ')}`,
    `TYPE ${fields.map((field) => field.type).join(' ')}`,
    `COUNT ${counts.join(' ')}`,
    `WIDTH ${points}`,
    'HEIGHT 1',
    'VIEWPOINT 0 0 0 1 0 0 0',
    `POINTS ${points}`,
    `DATA ${encoding}`,
    '',
  ].join('\n');
  if (encoding === 'ascii') {
    const lines: string[] = [];
    for (let p = 0; p < points; p++) {
      const tokens: string[] = [];
      fields.forEach((field, f) => {
        for (let e = 0; e < counts[f]; e++) {
          const x = value(p, f, e);
          tokens.push(field.type === 'F' && field.size === 4 ? String(Math.fround(x)) : String(x));
        }
      });
      lines.push(tokens.join(' '));
    }
    return encoder.encode(header + lines.join('\n') + '\n');
  }
  const rowSize = fields.reduce((sum, field, f) => sum + field.size * counts[f], 0);
  const data = new Uint8Array(rowSize * points);
  const view = new DataView(data.buffer);
  const set = fields.map((field) => setters[`${field.type}${field.size}`]);
  if (encoding === 'binary') {
    for (let p = 0, o = 0; p < points; p++) {
      fields.forEach((field, f) => {
        for (let e = 0; e < counts[f]; e++, o += field.size) set[f](view, o, value(p, f, e));
      });
    }
    return concatBytes(encoder.encode(header), data);
  }
  let o = 0;
  fields.forEach((field, f) => {
    for (let p = 0; p < points; p++) for (let e = 0; e < counts[f]; e++, o += field.size) set[f](view, o, value(p, f, e));
  });
  const compressed = compressLzf(data);
  const sizes = new Uint8Array(8);
  new DataView(sizes.buffer).setUint32(0, compressed.length, true);
  new DataView(sizes.buffer).setUint32(4, data.length, true);
  return concatBytes(encoder.encode(header), sizes, compressed);
}
