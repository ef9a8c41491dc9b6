// Changes to a result document the editor makes: new objects with their tool's defaults, shapes and attribute
// values set, deleting, z-order, copies pasted with fresh ids. Every function returns a new document.
import type { ToolAttribute, ToolInput } from '../catalog/tool.schemas';
import type { AttributeValue, AttributeValues, ResultDocument, ResultObject, Shape } from '../items/result.schema';
import { shapeAt } from '../items/interpolation';
import { moveShape } from './geometry';
import { setShapeAt, withKeyframe } from './tracks';

export interface EditorTool {
  toolId: string;
  toolVersion: number;
  definition: ToolInput;
}

/** The attribute values a new owner starts with: each default item, a multiple choice's as a one-item list. */
export function defaultValues(attributes: ToolAttribute[]): AttributeValues {
  const values: AttributeValues = {};
  for (const attribute of attributes) {
    if (attribute.defaultItem === undefined || attribute.defaultItem === '') continue;
    values[attribute.name] = attribute.type === 'multiple' ? [attribute.defaultItem] : attribute.defaultItem;
  }
  return values;
}

/** A single picture is frame 0; the editor works on one frame at a time. */
export function newObject(id: string, tool: EditorTool, shape: Shape, frame = 0): ResultObject {
  const attributes = tool.definition.attributes;
  return {
    id,
    toolId: tool.toolId,
    toolVersion: tool.toolVersion,
    templateType: tool.definition.templateType,
    className: tool.definition.name,
    attributes: defaultValues(attributes.filter((a) => !a.frameAttribute)),
    group: null,
    keyframes: [{ frame, shape, attributes: defaultValues(attributes.filter((a) => a.frameAttribute)), outside: false, source: 'drawn' }],
  };
}

function mapObjects(doc: ResultDocument, ids: ReadonlySet<string>, change: (object: ResultObject) => ResultObject): ResultDocument {
  let changed = false;
  const objects = doc.objects.map((o) => {
    if (!ids.has(o.id)) return o;
    const next = change(o);
    if (next !== o) changed = true;
    return next;
  });
  return changed ? { ...doc, objects } : doc;
}

export function addObjects(doc: ResultDocument, objects: ResultObject[]): ResultDocument {
  return objects.length === 0 ? doc : { ...doc, objects: [...doc.objects, ...objects] };
}

/** The shape set at a frame; on a frame without a keyframe this makes one there. */
export function setShape(doc: ResultDocument, id: string, shape: Shape, frame = 0): ResultDocument {
  return mapObjects(doc, new Set([id]), (o) => setShapeAt(o, shape, frame));
}

/** Objects moved at a frame, each from the shape that frame shows; one out of view there stays as it is. */
export function moveObjects(doc: ResultDocument, ids: ReadonlySet<string>, dx: number, dy: number, frame = 0): ResultDocument {
  if (dx === 0 && dy === 0) return doc;
  return mapObjects(doc, ids, (o) => {
    const shape = shapeAt(o, frame);
    return shape ? setShapeAt(o, moveShape(shape, dx, dy), frame) : o;
  });
}

export function deleteObjects(doc: ResultDocument, ids: ReadonlySet<string>): ResultDocument {
  const objects = doc.objects.filter((o) => !ids.has(o.id));
  return objects.length === doc.objects.length ? doc : { ...doc, objects };
}

/**
 * Sets an attribute value where the tool keeps it: on the object, or on the frame's keyframe for a frame
 * attribute (made there when the frame has none, so the value carries forward from it). An empty value removes it,
 * so the default answers again.
 */
export function setObjectAttribute(doc: ResultDocument, id: string, attribute: ToolAttribute, value: AttributeValue, frame = 0): ResultDocument {
  const put = (values: AttributeValues): AttributeValues => {
    const next = { ...values };
    if (value === '' || (Array.isArray(value) && value.length === 0)) delete next[attribute.name];
    else next[attribute.name] = value;
    return next;
  };
  return mapObjects(doc, new Set([id]), (o) =>
    attribute.frameAttribute ? onKeyframe(withKeyframe(o, frame, 'interpolated'), frame, put) : { ...o, attributes: put(o.attributes) },
  );
}

const onKeyframe = (o: ResultObject, frame: number, put: (values: AttributeValues) => AttributeValues): ResultObject => ({
  ...o,
  keyframes: o.keyframes.map((k) => (k.frame === frame ? { ...k, attributes: put(k.attributes) } : k)),
});

export function setItemAttribute(doc: ResultDocument, name: string, value: AttributeValue): ResultDocument {
  const attributes = { ...doc.attributes };
  if (value === '' || (Array.isArray(value) && value.length === 0)) delete attributes[name];
  else attributes[name] = value;
  return { ...doc, attributes };
}

/** A choice's value after picking an option: a single choice takes it, a multiple choice toggles it. */
export function pickOption(attribute: ToolAttribute, current: AttributeValue | undefined, option: string): AttributeValue {
  if (attribute.type !== 'multiple') return option;
  const list = Array.isArray(current) ? current : [];
  return list.includes(option) ? list.filter((o) => o !== option) : [...list, option];
}

export type ZOrder = 'front' | 'back' | 'forward' | 'backward';

/** The selected objects moved in drawing order (later objects are drawn on top), keeping their own order. */
export function reorder(doc: ResultDocument, ids: ReadonlySet<string>, to: ZOrder): ResultDocument {
  const chosen = doc.objects.filter((o) => ids.has(o.id));
  if (chosen.length === 0) return doc;
  const rest = doc.objects.filter((o) => !ids.has(o.id));
  if (to === 'front') return { ...doc, objects: [...rest, ...chosen] };
  if (to === 'back') return { ...doc, objects: [...chosen, ...rest] };
  const objects = doc.objects.slice();
  const step = to === 'forward' ? 1 : -1;
  const order = to === 'forward' ? [...objects.keys()].reverse() : [...objects.keys()];
  for (const i of order) {
    const j = i + step;
    if (!ids.has(objects[i].id) || j < 0 || j >= objects.length || ids.has(objects[j].id)) continue;
    [objects[i], objects[j]] = [objects[j], objects[i]];
  }
  return { ...doc, objects };
}

/** Copies of objects with fresh ids, shifted so a paste is seen beside what was copied. */
export function copiesOf(objects: ResultObject[], newId: () => string, offset: number): ResultObject[] {
  return objects.map((o) => ({
    ...o,
    id: newId(),
    keyframes: o.keyframes.map((k) => ({ ...k, source: 'copied' as const, shape: k.shape ? moveShape(k.shape, offset, offset) : null })),
  }));
}

/**
 * How a person names an object of a result, as the editor lists it: its place in the document and its class or
 * tool ("2. Demo vehicle box"); null for an object the document no longer holds.
 */
export function objectName(objects: readonly ResultObject[], id: string, toolName: (toolId: string) => string): string | null {
  const index = objects.findIndex((o) => o.id === id);
  if (index < 0) return null;
  const object = objects[index];
  return `${index + 1}. ${object.className ?? toolName(object.toolId)}`;
}
