// The scalar types point cloud formats store, read from a DataView at a byte offset.

export type ScalarType = 'int8' | 'uint8' | 'int16' | 'uint16' | 'int32' | 'uint32' | 'int64' | 'uint64' | 'float32' | 'float64';

export const scalarBytes: Record<ScalarType, number> = {
  int8: 1, uint8: 1, int16: 2, uint16: 2, int32: 4, uint32: 4, int64: 8, uint64: 8, float32: 4, float64: 8,
};

export type ScalarReader = (offset: number) => number;

/** A reader of one scalar type at any byte offset of `view`. */
export function scalarReader(view: DataView, type: ScalarType, littleEndian: boolean): ScalarReader {
  switch (type) {
    case 'int8': return (offset) => view.getInt8(offset);
    case 'uint8': return (offset) => view.getUint8(offset);
    case 'int16': return (offset) => view.getInt16(offset, littleEndian);
    case 'uint16': return (offset) => view.getUint16(offset, littleEndian);
    case 'int32': return (offset) => view.getInt32(offset, littleEndian);
    case 'uint32': return (offset) => view.getUint32(offset, littleEndian);
    case 'int64': return (offset) => Number(view.getBigInt64(offset, littleEndian));
    case 'uint64': return (offset) => Number(view.getBigUint64(offset, littleEndian));
    case 'float32': return (offset) => view.getFloat32(offset, littleEndian);
    case 'float64': return (offset) => view.getFloat64(offset, littleEndian);
  }
}

const bitsBuffer = new ArrayBuffer(4);
const bitsFloat = new Float32Array(bitsBuffer);
const bitsUint = new Uint32Array(bitsBuffer);

/** The 32 bits of a float32, as PCL packs rgb into one: 0x00RRGGBB. */
export function float32Bits(value: number): number {
  bitsFloat[0] = value;
  return bitsUint[0];
}

/** Field names that carry a point's reflectance, in the order a file's fields are searched for one. */
export const intensityNames = ['intensity', 'i', 'reflectance', 'remission', 'scalar_intensity'];
