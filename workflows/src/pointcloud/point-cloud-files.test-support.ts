// Writers of point cloud files for tests: PLY in its three encodings and the bare float records of KITTI and nuScenes
// (PCD files come from pcd-write.ts).
import { concatBytes } from './pcd-write';

const encoder = new TextEncoder();

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
  return concatBytes(encoder.encode(header.join('\n')), new Uint8Array(parts));
}

