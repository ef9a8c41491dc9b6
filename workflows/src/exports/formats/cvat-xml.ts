// What CVAT for images and CVAT for video 1.1 share: the XML reader, a shape element read into the project's shapes
// and written back, its <attribute> children, and the <meta> labels written from the project's tools.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { encodeMask, maskBounds, maskSpans } from '../../editor/masks';
import type { AttributeValues, MaskShape, Shape } from '../../items/result.schema';
import type { ExportTool } from '../format';

/** The elements that draw a shape, in the order CVAT writes them; `tag` is a label of the whole frame. */
export const shapeElements = ['box', 'polygon', 'polyline', 'points', 'ellipse', 'cuboid', 'mask', 'skeleton', 'tag'] as const;
export type ShapeElement = (typeof shapeElements)[number];

/** An element as the parser gives it: attributes under "@_", children by name, text under "#text". */
export type XmlElement = Record<string, unknown>;

const repeated = new Set<string>([...shapeElements, 'image', 'track', 'attribute', 'label']);
// Values are kept as written (no trimming, no number parsing) so attribute texts come back exactly.
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false, parseAttributeValue: false, trimValues: false, htmlEntities: true, isArray: (name, _path, _leaf, isAttribute) => !isAttribute && repeated.has(name) });

/** The message keys of what a CVAT file holds that is malformed or that the project cannot hold; the API translates them. */
export const cvatDetails = {
  syntax: 'exports.import.migration.xml_syntax',
  noRoot: 'exports.import.migration.no_annotations',
  noLabel: 'exports.import.migration.no_label',
  noName: 'exports.import.migration.no_name',
  notNumber: 'exports.import.migration.not_number',
  emptyBox: 'exports.import.migration.box_empty',
  fewPoints: 'exports.import.migration.few_points',
  badMask: 'exports.import.migration.mask_rle',
  noSize: 'exports.import.migration.no_size',
  badFrame: 'exports.import.migration.frame_bad',
  repeatedFrame: 'exports.import.migration.frame_repeated',
  cuboid: 'exports.import.migration.cuboid_2d',
  ellipse: 'exports.import.migration.ellipse',
  skeleton: 'exports.import.migration.skeleton',
  tag: 'exports.import.migration.tag',
} as const;

/** The message keys of what a migration import changed on the way in, beside the shared ones. */
export const migrationWarnings = {
  group: 'exports.import.migration.warn_group',
  pointsSplit: 'exports.import.migration.warn_points_split',
} as const;

/** The <annotations> element of a file, or the detail key and line of why it cannot be read. */
export function readAnnotations(xml: string): { root: XmlElement } | { detail: string; line?: number } {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) return { detail: cvatDetails.syntax, line: valid.err.line };
  const root = (parser.parse(xml) as { annotations?: unknown }).annotations;
  return root && typeof root === 'object' ? { root: root as XmlElement } : { detail: cvatDetails.noRoot };
}

export const attr = (element: XmlElement, name: string): string | undefined => {
  const value = element[`@_${name}`];
  return typeof value === 'string' ? value : undefined;
};

export const children = (element: XmlElement | undefined, name: string): XmlElement[] => {
  const value = element?.[name];
  return Array.isArray(value) ? (value as XmlElement[]) : [];
};

/** A child's text: `<size>3</size>` gives "3". */
export const childText = (element: XmlElement | undefined, name: string): string | undefined => {
  const value = element?.[name];
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && typeof (value as XmlElement)['#text'] === 'string') return (value as XmlElement)['#text'] as string;
  return undefined;
};

/** A number attribute, or undefined where it is missing or not a finite number. */
export function numberAttr(element: XmlElement, name: string): number | undefined {
  const text = attr(element, name)?.trim();
  const value = text ? Number(text) : NaN;
  return Number.isFinite(value) ? value : undefined;
}

/** Each <attribute name="...">value</attribute> by its name; a name given more than once is a list of its values. */
export function attributesOf(element: XmlElement): AttributeValues {
  const values: AttributeValues = {};
  for (const child of children(element, 'attribute')) {
    const name = attr(child, 'name')?.trim();
    if (!name) continue;
    const text = typeof child['#text'] === 'string' ? child['#text'] : '';
    const had = values[name];
    values[name] = had === undefined ? text : [...(Array.isArray(had) ? had : [had]), text];
  }
  return values;
}

/** What the element's own flags say that the project keeps as attributes of these names where its tool has them. */
export const flagAttributes = ['occluded', 'z_order'] as const;

export function flagsOf(element: XmlElement): AttributeValues {
  const values: AttributeValues = {};
  if (attr(element, 'occluded') === '1') values.occluded = '1';
  const z = attr(element, 'z_order');
  if (z && z !== '0') values.z_order = z;
  return values;
}

export type ShapeRead = { shapes: Shape[] } | { refused: string; field?: string } | { skipped: string };

/** A shape element read into the project's shapes (several points become several), refused, or skipped as something the project cannot hold. */
export function readShape(kind: ShapeElement, element: XmlElement, frameSize: { width: number; height: number } | null): ShapeRead {
  if (kind === 'cuboid') return { skipped: cvatDetails.cuboid };
  if (kind === 'ellipse') return { skipped: cvatDetails.ellipse };
  if (kind === 'skeleton') return { skipped: cvatDetails.skeleton };
  if (kind === 'tag') return { skipped: cvatDetails.tag };
  if (kind === 'box') {
    const [xtl, ytl, xbr, ybr] = ['xtl', 'ytl', 'xbr', 'ybr'].map((n) => numberAttr(element, n));
    const missing = ['xtl', 'ytl', 'xbr', 'ybr'].find((_, i) => [xtl, ytl, xbr, ybr][i] === undefined);
    if (missing) return { refused: cvatDetails.notNumber, field: missing };
    if (xbr! <= xtl! || ybr! <= ytl!) return { refused: cvatDetails.emptyBox };
    const rotation = attr(element, 'rotation') === undefined ? 0 : numberAttr(element, 'rotation');
    if (rotation === undefined) return { refused: cvatDetails.notNumber, field: 'rotation' };
    const turn = rotation ? { rotation: (rotation * Math.PI) / 180 } : {};
    return { shapes: [{ type: 'box', x: xtl!, y: ytl!, width: xbr! - xtl!, height: ybr! - ytl!, ...turn }] };
  }
  if (kind === 'mask') return readMask(element, frameSize);
  const points = pointsOf(attr(element, 'points'));
  if (!points) return { refused: cvatDetails.notNumber, field: 'points' };
  const least = kind === 'polygon' ? 3 : kind === 'polyline' ? 2 : 1;
  if (points.length < least) return { refused: cvatDetails.fewPoints, field: 'points' };
  if (kind === 'polygon') return { shapes: [{ type: 'polygon', points }] };
  if (kind === 'polyline') return { shapes: [{ type: 'line', points }] };
  return { shapes: points.map((p) => ({ type: 'point' as const, x: p.x, y: p.y })) };
}

/** "x1,y1;x2,y2" as points, or null where a pair is not two numbers. */
function pointsOf(text: string | undefined): { x: number; y: number }[] | null {
  if (!text?.trim()) return null;
  const points: { x: number; y: number }[] = [];
  for (const pair of text.trim().split(';')) {
    const [x, y, extra] = pair.split(',').map((v) => (v.trim() ? Number(v) : NaN));
    if (!Number.isFinite(x) || !Number.isFinite(y) || extra !== undefined) return null;
    points.push({ x, y });
  }
  return points;
}

/**
 * CVAT's mask: runs over its own box (left, top, width, height), row by row, starting with an unpainted run; the
 * project's mask runs over the whole frame, so the frame's size is needed.
 */
function readMask(element: XmlElement, frameSize: { width: number; height: number } | null): ShapeRead {
  if (!frameSize) return { refused: cvatDetails.noSize };
  const names = ['left', 'top', 'width', 'height'];
  const box = names.map((n) => numberAttr(element, n));
  const missing = names.find((_, i) => !Number.isInteger(box[i]));
  const [left, top, width, height] = box;
  if (missing) return { refused: cvatDetails.notNumber, field: missing };
  const counts = (attr(element, 'rle') ?? '').split(',').map((c) => (c.trim() ? Number(c) : NaN));
  const total = width! * height!;
  if (width! < 1 || height! < 1 || left! < 0 || top! < 0 || left! + width! > frameSize.width || top! + height! > frameSize.height) return { refused: cvatDetails.badMask, field: 'rle' };
  if (counts.some((c) => !Number.isInteger(c) || c < 0) || counts.reduce((a, b) => a + b, 0) !== total) return { refused: cvatDetails.badMask, field: 'rle' };
  const bitmap = new Uint8Array(total);
  let offset = 0;
  counts.forEach((count, i) => {
    if (i % 2 === 1) bitmap.fill(1, offset, offset + count);
    offset += count;
  });
  const shape = encodeMask(frameSize.width, frameSize.height, (at) => {
    const [row, column] = [Math.floor(at / frameSize.width) - top!, (at % frameSize.width) - left!];
    return row >= 0 && row < height! && column >= 0 && column < width! && bitmap[row * width! + column] === 1;
  });
  return { shapes: [shape] };
}

/** Two decimals, as CVAT writes coordinates. */
export const coordinate = (value: number): string => value.toFixed(2);

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (c) => escapes[c]);

/** The element and coordinates CVAT draws a shape with, or null for shapes it has no element for (3D, point labels). */
export function shapeElementOf(shape: Shape): { kind: ShapeElement; attributes: [string, string][] } | null {
  switch (shape.type) {
    case 'box': {
      const attributes: [string, string][] = [
        ['xtl', coordinate(shape.x)],
        ['ytl', coordinate(shape.y)],
        ['xbr', coordinate(shape.x + shape.width)],
        ['ybr', coordinate(shape.y + shape.height)],
      ];
      if (shape.rotation) attributes.push(['rotation', coordinate((shape.rotation * 180) / Math.PI)]);
      return { kind: 'box', attributes };
    }
    case 'polygon':
      return { kind: 'polygon', attributes: [['points', pointsText(shape.points)]] };
    case 'line':
    case 'curve':
      return { kind: 'polyline', attributes: [['points', pointsText(shape.points)]] };
    case 'point':
      return { kind: 'points', attributes: [['points', pointsText([shape])]] };
    case 'mask':
      return { kind: 'mask', attributes: maskAttributes(shape) };
    default:
      return null;
  }
}

const pointsText = (points: { x: number; y: number }[]) => points.map((p) => `${coordinate(p.x)},${coordinate(p.y)}`).join(';');

/** The mask cut to its own box, as CVAT's runs over that box. */
function maskAttributes(mask: MaskShape): [string, string][] {
  const [left, top, width, height] = maskBounds(mask);
  const bitmap = new Uint8Array(width * height);
  for (const [start, end] of maskSpans(mask)) {
    for (let at = start; at < end; at++) bitmap[(Math.floor(at / mask.width) - top) * width + ((at % mask.width) - left)] = 1;
  }
  const counts: number[] = [];
  let [state, run] = [0, 0];
  for (const bit of bitmap) {
    if (bit !== state) [counts[counts.length], state, run] = [run, bit, 0];
    run += 1;
  }
  counts.push(run);
  return [
    ['rle', counts.join(', ')],
    ['left', String(left)],
    ['top', String(top)],
    ['width', String(width)],
    ['height', String(height)],
  ];
}

/** A shape element's XML: its coordinates, its flags from the attributes of those names, and the other values as <attribute> children. */
export function shapeXml(kind: ShapeElement, leading: [string, string][], coordinates: [string, string][], values: AttributeValues, indent: string): string {
  const flags: [string, string][] = [
    ['occluded', typeof values.occluded === 'string' && values.occluded !== '0' && values.occluded !== '' && values.occluded !== 'false' ? '1' : '0'],
    ...coordinates,
    ['z_order', typeof values.z_order === 'string' && values.z_order ? values.z_order : '0'],
  ];
  const head = `${indent}<${kind} ${[...leading, ...flags].map(([n, v]) => `${n}="${escapeXml(v)}"`).join(' ')}`;
  const body = Object.entries(values)
    .filter(([name]) => !(flagAttributes as readonly string[]).includes(name))
    .flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v) => `${indent}  <attribute name="${escapeXml(name)}">${escapeXml(v)}</attribute>\n`));
  return body.length === 0 ? `${head}>\n${indent}</${kind}>\n` : `${head}>\n${body.join('')}${indent}</${kind}>\n`;
}

const labelTypes: Record<string, string> = { box: 'rectangle', polygon: 'polygon', line: 'polyline', curve: 'polyline', point: 'points', mask: 'mask' };

/** The <labels> of a task: the project's tools with their attributes, frame attributes as mutable. */
export function labelsXml(tools: ExportTool[], indent: string): string {
  const labels = tools.map(({ definition }) => {
    const attributes = definition.attributes.map(
      (a) =>
        `${indent}      <attribute>\n${indent}        <name>${escapeXml(a.name)}</name>\n${indent}        <mutable>${a.frameAttribute ? 'True' : 'False'}</mutable>\n` +
        `${indent}        <input_type>${a.type === 'input' ? 'text' : 'select'}</input_type>\n${indent}        <default_value>${escapeXml(a.defaultItem ?? '')}</default_value>\n` +
        `${indent}        <values>${escapeXml(a.options.map((o) => o.name).join('\n'))}</values>\n${indent}      </attribute>\n`,
    );
    return `${indent}  <label>\n${indent}    <name>${escapeXml(definition.name)}</name>\n${indent}    <type>${labelTypes[definition.templateType] ?? 'any'}</type>\n${indent}    <attributes>\n${attributes.join('')}${indent}    </attributes>\n${indent}  </label>\n`;
  });
  return `${indent}<labels>\n${labels.join('')}${indent}</labels>\n`;
}
