// Writers of point cloud files for tests and benchmarks: PCD in its three encodings (with an LZF compressor),
// PLY in its three, and the bare float records of KITTI and nuScenes.
import { float32Bits } from './scalar';

/** An LZF compressor in liblzf's format: greedy matches found by a hash of three bytes. */
export function compressLzf(input: Uint8Array): Uint8Array {
  const n = input.length;
  const out = new Uint8Array(n + Math.ceil(n / 32) + 16);
  const table = new Int32Array(1 << 14).fill(-1);
  let ip = 0;
  let op = 1;
  let literalAt = 0;
  let literals = 0;
  const literal = () => {
    out[op++] = input[ip++];
    if (++literals === 32) {
      out[literalAt] = 31;
      literalAt = op++;
      literals = 0;
    }
  };
  while (ip < n - 2) {
    const hash = ((input[ip] << 16) | (input[ip + 1] << 8) | input[ip + 2]) * 2654435761 >>> 18;
    const ref = table[hash];
    table[hash] = ip;
    const distance = ip - ref - 1;
    if (ref >= 0 && distance < 8192 && input[ref] === input[ip] && input[ref + 1] === input[ip + 1] && input[ref + 2] === input[ip + 2]) {
      let length = 3;
      const longest = Math.min(264, n - ip);
      while (length < longest && input[ref + length] === input[ip + length]) length++;
      if (literals > 0) out[literalAt] = literals - 1;
      else op--;
      const code = length - 2;
      if (code < 7) out[op++] = (distance >> 8) + (code << 5);
      else {
        out[op++] = (distance >> 8) + (7 << 5);
        out[op++] = code - 7;
      }
      out[op++] = distance & 255;
      ip += length;
      literalAt = op++;
      literals = 0;
    } else {
      literal();
    }
  }
  while (ip < n) literal();
  if (literals > 0) out[literalAt] = literals - 1;
  else op--;
  return out.slice(0, op);
}

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

function concat(...parts: Uint8Array[]): Uint8Array {
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
    return concat(encoder.encode(header), data);
  }
  let o = 0;
  fields.forEach((field, f) => {
    for (let p = 0; p < points; p++) for (let e = 0; e < counts[f]; e++, o += field.size) set[f](view, o, value(p, f, e));
  });
  const compressed = compressLzf(data);
  const sizes = new Uint8Array(8);
  new DataView(sizes.buffer).setUint32(0, compressed.length, true);
  new DataView(sizes.buffer).setUint32(4, data.length, true);
  return concat(encoder.encode(header), sizes, compressed);
}

/** Bare little-endian float32 records, as KITTI and nuScenes store scans. */
export function writeFloatRecords(records: number[][]): Uint8Array {
  return new Uint8Array(new Float32Array(records.flat()).buffer);
}

export interface PlyElementSpec {
  name: string;
  properties: { name: string; type: string; listCountType?: string }[];
  /** Each row's values, a list property as an array. */
  rows: (number | number[])[][];
}

const plySetters: Record<string, [bytes: number, set: (view: DataView, offset: number, value: number, little: boolean) => void]> = {
  char: [1, (v, o, x) => v.setInt8(o, x)],
  uchar: [1, (v, o, x) => v.setUint8(o, x)],
  short: [2, (v, o, x, l) => v.setInt16(o, x, l)],
  ushort: [2, (v, o, x, l) => v.setUint16(o, x, l)],
  int: [4, (v, o, x, l) => v.setInt32(o, x, l)],
  uint: [4, (v, o, x, l) => v.setUint32(o, x, l)],
  float: [4, (v, o, x, l) => v.setFloat32(o, x, l)],
  double: [8, (v, o, x, l) => v.setFloat64(o, x, l)],
};

/** A PLY file of the given elements. */
export function writePly(elements: PlyElementSpec[], encoding: 'ascii' | 'binary_little_endian' | 'binary_big_endian'): Uint8Array {
  const header = ['ply', `format ${encoding} 1.0`, 'comment written by the tests'];
  for (const element of elements) {
    header.push(`element ${element.name} ${element.rows.length}`);
    for (const property of element.properties) {
      header.push(property.listCountType ? `property list ${property.listCountType} ${property.type} ${property.name}` : `property ${property.type} ${property.name}`);
    }
  }
  header.push('end_header', '');
  if (encoding === 'ascii') {
    const lines = elements.flatMap((element) =>
      element.rows.map((row) => row.map((value) => (Array.isArray(value) ? [value.length, ...value].join(' ') : String(value))).join(' ')),
    );
    return encoder.encode(header.join('\n') + lines.join('\n') + '\n');
  }
  const little = encoding === 'binary_little_endian';
  const parts: number[] = [];
  const scratch = new DataView(new ArrayBuffer(8));
  const push = (type: string, value: number) => {
    const [bytes, set] = plySetters[type];
    set(scratch, 0, value, little);
    for (let i = 0; i < bytes; i++) parts.push(scratch.getUint8(i));
  };
  for (const element of elements) {
    for (const row of element.rows) {
      row.forEach((value, p) => {
        const property = element.properties[p];
        if (Array.isArray(value)) {
          push(property.listCountType ?? 'uchar', value.length);
          for (const item of value) push(property.type, item);
        } else push(property.type, value);
      });
    }
  }
  return concat(encoder.encode(header.join('\n')), new Uint8Array(parts));
}

export { float32Bits };
