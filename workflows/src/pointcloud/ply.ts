// PLY in ascii, binary_little_endian and binary_big_endian: the vertex element's x, y, z, its intensity (or
// scalar_intensity) and red, green, blue are kept; other elements and properties, list properties too, are stepped over.
import type { PointCloud } from './point-cloud';
import { bodyText, buildCloud, headerLine } from './point-cloud-build';
import { PointCloudError } from './point-cloud-error';
import { intensityNames, type ScalarReader, scalarBytes, type ScalarType, scalarReader } from './scalar';

type PlyEncoding = 'ascii' | 'binary_little_endian' | 'binary_big_endian';

interface PlyProperty {
  name: string;
  type: ScalarType;
  /** The type of a list property's length, or null for a scalar property. */
  countType: ScalarType | null;
}

interface PlyElement {
  name: string;
  count: number;
  properties: PlyProperty[];
}

const plyTypes: Record<string, ScalarType> = {
  char: 'int8', int8: 'int8', uchar: 'uint8', uint8: 'uint8',
  short: 'int16', int16: 'int16', ushort: 'uint16', uint16: 'uint16',
  int: 'int32', int32: 'int32', uint: 'uint32', uint32: 'uint32',
  float: 'float32', float32: 'float32', double: 'float64', float64: 'float64',
};

const plyType = (name: string | undefined, property: string | undefined): ScalarType => {
  const type = name === undefined ? undefined : plyTypes[name.toLowerCase()];
  if (!type) throw new PointCloudError('pointcloud.type_unsupported', { field: (property ?? '').slice(0, 40), type: (name ?? '').slice(0, 40) });
  return type;
};

function readPlyHeader(bytes: Uint8Array): { encoding: PlyEncoding; elements: PlyElement[]; dataOffset: number } {
  const elements: PlyElement[] = [];
  let encoding: PlyEncoding | null = null;
  let position = 0;
  let first = true;
  while (position < bytes.length) {
    let end = bytes.indexOf(10, position);
    if (end < 0) end = bytes.length;
    const line = headerLine(bytes, position, end).trim();
    position = end + 1;
    if (first) {
      if (line !== 'ply') throw new PointCloudError('pointcloud.header_invalid', { keyword: 'ply' });
      first = false;
      continue;
    }
    const [keyword, ...values] = line.split(/\s+/);
    if (keyword === 'end_header') {
      if (!encoding) throw new PointCloudError('pointcloud.header_invalid', { keyword: 'format' });
      return { encoding, elements, dataOffset: Math.min(position, bytes.length) };
    }
    if (keyword === 'format') {
      if (values[0] !== 'ascii' && values[0] !== 'binary_little_endian' && values[0] !== 'binary_big_endian') {
        throw new PointCloudError('pointcloud.encoding_unknown', { encoding: (values[0] ?? '').slice(0, 40) });
      }
      encoding = values[0];
    } else if (keyword === 'element') {
      if (values.length < 2 || !/^\d+$/.test(values[1])) throw new PointCloudError('pointcloud.header_invalid', { keyword: 'element' });
      elements.push({ name: values[0], count: Number(values[1]), properties: [] });
    } else if (keyword === 'property') {
      const element = elements.at(-1);
      if (!element) throw new PointCloudError('pointcloud.header_invalid', { keyword: 'property' });
      if (values[0] === 'list') element.properties.push({ name: values[3] ?? '', countType: plyType(values[1], values[3]), type: plyType(values[2], values[3]) });
      else element.properties.push({ name: values[1] ?? '', countType: null, type: plyType(values[0], values[1]) });
    }
  }
  throw new PointCloudError('pointcloud.header_invalid', { keyword: 'end_header' });
}

interface VertexFields {
  x: number;
  y: number;
  z: number;
  intensity: number;
  red: number;
  green: number;
  blue: number;
}

function vertexFields(vertex: PlyElement): VertexFields {
  const index = (name: string) => vertex.properties.findIndex((property) => property.countType === null && property.name.toLowerCase() === name);
  const axis = (name: string) => {
    const found = index(name);
    if (found < 0) throw new PointCloudError('pointcloud.field_missing', { field: name });
    return found;
  };
  const intensity = intensityNames.map(index).find((found) => found >= 0) ?? -1;
  const colour = (name: string) => (index(name) >= 0 ? index(name) : index(`diffuse_${name}`));
  return { x: axis('x'), y: axis('y'), z: axis('z'), intensity, red: colour('red'), green: colour('green'), blue: colour('blue') };
}

/** A colour channel as a byte: integer channels as they are, float channels scaled from 0..1. */
const channel = (value: number, type: ScalarType): number =>
  type === 'float32' || type === 'float64' ? Math.round(Math.min(1, Math.max(0, value)) * 255) : Math.min(255, Math.max(0, value));

/** Reads a PLY file's vertices into a cloud; vertices with a non-finite coordinate are dropped. */
export function parsePly(bytes: Uint8Array): PointCloud {
  const { encoding, elements, dataOffset } = readPlyHeader(bytes);
  const vertexIndex = elements.findIndex((element) => element.name === 'vertex');
  if (vertexIndex < 0) throw new PointCloudError('pointcloud.field_missing', { field: 'vertex' });
  const vertex = elements[vertexIndex];
  const fields = vertexFields(vertex);
  const total = vertex.count;
  if (total === 0) throw new PointCloudError('pointcloud.empty');
  const hasColour = fields.red >= 0 && fields.green >= 0 && fields.blue >= 0;
  const positions = new Float32Array(total * 3);
  const intensity = fields.intensity >= 0 ? new Float32Array(total) : null;
  const colors = hasColour ? new Uint8Array(total * 3) : null;
  const types = vertex.properties.map((property) => property.type);
  let kept = 0;
  // One vertex's scalar values by property index, filled by the encoding's row reader.
  const values = new Float64Array(vertex.properties.length);
  const keep = () => {
    const px = values[fields.x];
    const py = values[fields.y];
    const pz = values[fields.z];
    if (!Number.isFinite(px) || !Number.isFinite(py) || !Number.isFinite(pz)) return;
    const k3 = kept * 3;
    positions[k3] = px;
    positions[k3 + 1] = py;
    positions[k3 + 2] = pz;
    if (intensity) intensity[kept] = values[fields.intensity];
    if (colors) {
      colors[k3] = channel(values[fields.red], types[fields.red]);
      colors[k3 + 1] = channel(values[fields.green], types[fields.green]);
      colors[k3 + 2] = channel(values[fields.blue], types[fields.blue]);
    }
    kept++;
  };

  if (encoding === 'ascii') {
    const lines = bodyText(bytes, dataOffset).split('\n');
    let line = 0;
    let vertexRows = 0;
    const nextRow = (): string[] => {
      while (line < lines.length && lines[line].trim() === '') line++;
      if (line >= lines.length) throw new PointCloudError('pointcloud.rows_missing', { expected: total, actual: vertexRows });
      return lines[line++].trim().split(/\s+/);
    };
    for (let e = 0; e < vertexIndex; e++) for (let row = 0; row < elements[e].count; row++) nextRow();
    for (let row = 0; row < total; row++, vertexRows++) {
      const tokens = nextRow();
      let t = 0;
      vertex.properties.forEach((property, p) => {
        if (property.countType !== null) t += 1 + Number(tokens[t]);
        else values[p] = Number(tokens[t++]);
      });
      if (t > tokens.length) throw new PointCloudError('pointcloud.row_invalid', { row: row + 1, expected: t, actual: tokens.length });
      keep();
    }
    return buildCloud({ positions, intensity, colors }, kept, total);
  }

  const littleEndian = encoding === 'binary_little_endian';
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const readers = new Map<ScalarType, ScalarReader>();
  const reader = (type: ScalarType) => readers.get(type) ?? readers.set(type, scalarReader(view, type, littleEndian)).get(type)!;
  let offset = dataOffset;
  const need = (bytesNeeded: number) => {
    if (offset + bytesNeeded > bytes.length) throw new PointCloudError('pointcloud.truncated', { expected: offset + bytesNeeded, actual: bytes.length });
  };
  /** Steps over one row of an element, or reads its scalar values into `values`. */
  const walkRow = (element: PlyElement, read: boolean) => {
    element.properties.forEach((property, p) => {
      if (property.countType !== null) {
        need(scalarBytes[property.countType]);
        const length = reader(property.countType)(offset);
        offset += scalarBytes[property.countType];
        need(length * scalarBytes[property.type]);
        offset += length * scalarBytes[property.type];
      } else {
        need(scalarBytes[property.type]);
        if (read) values[p] = reader(property.type)(offset);
        offset += scalarBytes[property.type];
      }
    });
  };
  for (let e = 0; e < vertexIndex; e++) {
    const element = elements[e];
    if (element.properties.every((property) => property.countType === null)) {
      const rowBytes = element.properties.reduce((sum, property) => sum + scalarBytes[property.type], 0);
      need(rowBytes * element.count);
      offset += rowBytes * element.count;
    } else {
      for (let row = 0; row < element.count; row++) walkRow(element, false);
    }
  }
  if (vertex.properties.every((property) => property.countType === null)) {
    const rowBytes = vertex.properties.reduce((sum, property) => sum + scalarBytes[property.type], 0);
    need(rowBytes * total);
  }
  for (let row = 0; row < total; row++) {
    walkRow(vertex, true);
    keep();
  }
  return buildCloud({ positions, intensity, colors }, kept, total);
}
