// Checks a result against the project's tools and the item's image: what refuses a save, and what else a
// submission needs. Issues name the object and attribute and carry a message key, so the API can localize them.
import type { ToolAttribute, ToolInput } from '../catalog/tool.schemas';
import { groupToolsInconsistent, type ToolGroup } from '../projects/project.schemas';
import { maskLength, overlappingMasks } from '../editor/masks';
import { objectName } from '../editor/objects';
import { type FrameImages, frameImagesOf, type ImageSize, runsWithin } from './frame-images';
import { shapeAt } from './interpolation';
import type { AttributeValue, AttributeValues, MaskShape, ResultDocument, ResultObject, Shape } from './result.schema';

export interface ResultTool {
  toolId: string;
  toolVersion: number;
  definition: ToolInput;
}

export interface ResultConfig {
  /** The tools the project cites, each at the version it cites. */
  tools: ResultTool[];
  /** The item's image size in pixels; null when the media was not measured, which skips the bounds checks. */
  image: ImageSize | null;
  /**
   * Each frame's own size where a sequence's frames differ (cropped or mixed cameras), one per frame, null where a
   * frame was not measured; absent where every frame has `image`'s size. Shapes are checked against their frame's.
   */
  frameImages?: (ImageSize | null)[];
  /**
   * A fusion item's cameras with their images' size: a 2D box is drawn on one of them and lies within its image. Absent
   * where the item has no rig, which leaves camera boxes unchecked.
   */
  cameras?: { name: string; width: number; height: number }[];
  /** The item's frames; a result of another frame count is refused, so no keyframe lands on a frame that is not there. */
  frameCount?: number;
  /** Attributes of the whole item, where the project defines any. */
  itemAttributes?: ToolAttribute[];
  /** The project's group elements, which an object's group must name, with the tools they are drawn with. */
  groups?: ToolGroup[];
}

export interface ResultIssue {
  /** Null for the item's own attributes. */
  objectId: string | null;
  attribute?: string;
  messageKey: string;
  params: Record<string, string | number>;
}

/** Enough to fix the result; a document with thousands of broken objects should not answer with thousands. */
export const maxResultIssues = 200;

type Level = 'save' | 'submit';

/** What makes a save refused: unknown tools or attributes, wrong types and options, shapes that do not fit. */
export function saveIssues(result: ResultDocument, config: ResultConfig): ResultIssue[] {
  return check(result, config, 'save');
}

declare const passedSave: unique symbol;

/**
 * A result that passed a save's checks: what a starting result given by an import or an algorithm must be. They
 * check it where they read it, to say each issue at its line; the decision that saves it takes only this, so the
 * check runs once and cannot be left out.
 */
export type CheckedResult = ResultDocument & { readonly [passedSave]: true };

/** The result checked as a save is: the result as checked, or its issues. */
export function checkedResult(result: ResultDocument, config: ResultConfig): { result: CheckedResult; issues: [] } | { result: null; issues: ResultIssue[] } {
  const issues = saveIssues(result, config);
  return issues.length > 0 ? { result: null, issues } : { result: result as CheckedResult, issues: [] };
}

/** What makes a submission refused: everything a save checks, and missing required attributes or too few characters. */
export function submitIssues(result: ResultDocument, config: ResultConfig): ResultIssue[] {
  return check(result, config, 'submit');
}

class Issues {
  readonly list: ResultIssue[] = [];
  add(objectId: string | null, messageKey: string, params: Record<string, string | number> = {}, attribute?: string): void {
    if (this.list.length >= maxResultIssues) return;
    this.list.push(attribute === undefined ? { objectId, messageKey, params } : { objectId, attribute, messageKey, params });
  }
  /** An attribute's issues from `from` on say whose attribute it is: the object as the editor names it, or a message key for the item. */
  owned(from: number, owner: string): void {
    for (const issue of this.list.slice(from)) if (issue.attribute !== undefined) issue.params.owner = owner;
  }
}

/** The owner of the item's own attributes, a message key the API says in the reader's language. */
const itemAttributeOwner = 'items.result.the_item';

function check(result: ResultDocument, config: ResultConfig, level: Level): ResultIssue[] {
  const issues = new Issues();
  const images = frameImagesOf(config.image, config.frameImages);
  const tools = new Map(config.tools.map((tool) => [tool.toolId, tool]));
  const itemAttributes = config.itemAttributes ?? [];
  if (config.frameCount !== undefined && result.frameCount !== config.frameCount) {
    issues.add(null, 'items.result.frame_count_mismatch', { frameCount: result.frameCount, expected: config.frameCount, count: result.frameCount });
  }
  attributeIssues(issues, null, result.attributes, itemAttributes, [], level, {});
  if (level === 'submit') requiredIssues(issues, null, result.attributes, itemAttributes, {});
  issues.owned(0, itemAttributeOwner);
  for (const object of result.objects) {
    if (issues.list.length >= maxResultIssues) break;
    const tool = tools.get(object.toolId);
    if (!tool) {
      issues.add(object.id, 'items.result.tool_unknown', { toolId: object.toolId });
      continue;
    }
    if (tool.toolVersion !== object.toolVersion) issues.add(object.id, 'items.result.tool_version', { expected: tool.toolVersion, actual: object.toolVersion });
    const from = issues.list.length;
    objectIssues(issues, object, tool.definition, result.frameCount, images, level);
    if (config.cameras) cameraBoxIssues(issues, object, config.cameras);
    issues.owned(from, objectName(result.objects, object.id, () => tool.definition.name)!);
  }
  groupIssues(issues, result.objects, config.groups ?? []);
  maskIssues(issues, result.objects, tools);
  return issues.list;
}

/**
 * A frame's masks never share a pixel, and a class of stuff (a mask tool that is not countable) paints one region
 * per frame. Checked at every frame where a mask changes, on the masks in the scene there.
 */
function maskIssues(issues: Issues, objects: ResultObject[], tools: Map<string, ResultTool>): void {
  const masked = objects.filter((o) => o.templateType === 'mask');
  const frames = [...new Set(masked.flatMap((o) => o.keyframes.map((k) => k.frame)))].sort((a, b) => a - b);
  for (const frame of frames) {
    const inScene = masked.flatMap((object) => {
      const shape = shapeAt(object, frame);
      return shape?.type === 'mask' ? [{ object, shape }] : [];
    });
    for (const [first, second] of overlappingMasks(inScene.map((m) => m.shape))) {
      issues.add(inScene[second].object.id, 'items.result.mask_overlap', { frame, other: inScene[first].object.id });
    }
    const stuff = new Set<string>();
    for (const { object } of inScene) {
      const tool = tools.get(object.toolId);
      if (!tool || tool.definition.countable) continue;
      if (stuff.has(object.toolId)) issues.add(object.id, 'items.result.mask_stuff_repeat', { frame, name: tool.definition.name });
      stuff.add(object.toolId);
    }
  }
}

/** Every graphic of a group instance is drawn with one of its group's tools, and one instance keeps one group. */
function groupIssues(issues: Issues, objects: ResultObject[], groups: ToolGroup[]): void {
  const byName = new Map(groups.map((g) => [g.name, g]));
  const instances = new Map<string, string>();
  for (const object of objects) {
    if (!object.group) continue;
    const group = byName.get(object.group.name);
    const instanceGroup = instances.get(object.group.id) ?? object.group.name;
    instances.set(object.group.id, instanceGroup);
    if (!group || !group.toolIds.includes(object.toolId) || instanceGroup !== object.group.name) {
      issues.add(object.id, groupToolsInconsistent, { group: object.group.name });
    }
  }
}

function objectIssues(issues: Issues, object: ResultObject, tool: ToolInput, frameCount: number, images: FrameImages, level: Level): void {
  if (object.templateType !== tool.templateType) issues.add(object.id, 'items.result.template_mismatch', { expected: tool.templateType, actual: object.templateType });
  const instance = tool.attributes.filter((a) => !a.frameAttribute);
  const perFrame = tool.attributes.filter((a) => a.frameAttribute);
  attributeIssues(issues, object.id, object.attributes, instance, perFrame, level, {});
  if (level === 'submit') requiredIssues(issues, object.id, object.attributes, instance, {});
  // Frame attributes carry forward from the keyframe that set them, so each visible keyframe must see a value.
  const carried: AttributeValues = {};
  for (const keyframe of object.keyframes) {
    const at = { frame: keyframe.frame };
    Object.assign(carried, keyframe.attributes);
    if (keyframe.frame >= frameCount) issues.add(object.id, 'items.result.frame_out_of_range', { frame: keyframe.frame, frameCount });
    attributeIssues(issues, object.id, keyframe.attributes, perFrame, instance, level, at);
    if (keyframe.outside || !keyframe.shape) continue;
    if (level === 'submit') requiredIssues(issues, object.id, carried, perFrame, at);
    shapeIssues(issues, object.id, keyframe.shape, object.templateType, tool, images.at(keyframe.frame), at);
  }
  if (images.runs) heldIssues(issues, object, frameCount, images);
  if (level === 'submit' && tool.templateType === 'cuboid' && tool.sameBoxSizeCount > 0) {
    const sizes = cuboidSizeCount(object);
    if (sizes > tool.sameBoxSizeCount) issues.add(object.id, 'items.result.box_sizes', { object: object.id, count: sizes, max: tool.sameBoxSizeCount });
  }
}

/**
 * Each 2D box drawn on a camera of the item's rig lies within that camera's image. A box on a camera the rig does not
 * have could not be checked, nor shown beside its image, so it is refused, naming the camera and the rig's cameras.
 */
function cameraBoxIssues(issues: Issues, object: ResultObject, cameras: NonNullable<ResultConfig['cameras']>): void {
  const byName = new Map(cameras.map((camera) => [camera.name, camera]));
  for (const keyframe of object.keyframes) {
    for (const [name, box] of Object.entries(keyframe.cameraBoxes ?? {})) {
      const at = { frame: keyframe.frame, camera: name };
      const camera = byName.get(name);
      if (!camera) {
        issues.add(object.id, 'items.result.camera_not_on_rig', { ...at, cameras: cameras.map((c) => c.name).join(', ') });
        continue;
      }
      if (box.width <= 0 || box.height <= 0) issues.add(object.id, 'items.result.box_empty', at);
      else if (box.x < 0 || box.y < 0 || box.x + box.width > camera.width || box.y + box.height > camera.height) {
        issues.add(object.id, 'items.result.camera_box_outside', { ...at, width: camera.width, height: camera.height });
      }
    }
  }
}

/** The distinct sizes (length, width, height to the centimetre) among a cuboid track's keyframes. */
export function cuboidSizeCount(object: ResultObject): number {
  const sizes = new Set<string>();
  const cm = (metres: number) => Math.round(metres * 100);
  for (const k of object.keyframes) if (k.shape?.type === 'cuboid') sizes.add(`${cm(k.shape.length)} ${cm(k.shape.width)} ${cm(k.shape.height)}`);
  return sizes.size;
}

function attributeIssues(
  issues: Issues,
  objectId: string | null,
  values: AttributeValues,
  attributes: ToolAttribute[],
  otherLevel: ToolAttribute[],
  level: Level,
  at: Record<string, number>,
): void {
  const byName = new Map(attributes.map((a) => [a.name, a]));
  for (const [name, value] of Object.entries(values)) {
    const attribute = byName.get(name);
    if (!attribute) {
      const elsewhere = otherLevel.some((a) => a.name === name);
      issues.add(objectId, elsewhere ? 'items.result.attribute_wrong_level' : 'items.result.attribute_unknown', { ...at, name }, name);
      continue;
    }
    valueIssues(issues, objectId, attribute, value, level, at);
  }
}

function valueIssues(issues: Issues, objectId: string | null, attribute: ToolAttribute, value: AttributeValue, level: Level, at: Record<string, number>): void {
  const name = attribute.displayName;
  const expectsList = attribute.type === 'multiple';
  if (Array.isArray(value) !== expectsList) {
    issues.add(objectId, 'items.result.attribute_type', { ...at, name, type: attribute.type }, attribute.name);
    return;
  }
  if (attribute.type === 'input') {
    const length = [...(value as string)].length;
    if (attribute.maxChars !== undefined && length > attribute.maxChars) issues.add(objectId, 'items.result.chars_too_many', { ...at, name, max: attribute.maxChars }, attribute.name);
    // Text is autosaved while it is typed, so the minimum counts only at submission.
    if (level === 'submit' && attribute.minChars !== undefined && length > 0 && length < attribute.minChars) {
      issues.add(objectId, 'items.result.chars_too_few', { ...at, name, min: attribute.minChars }, attribute.name);
    }
    return;
  }
  const options = new Set(attribute.options.map((o) => o.name));
  const chosen = Array.isArray(value) ? value : value === '' ? [] : [value];
  for (const option of chosen) if (!options.has(option)) issues.add(objectId, 'items.result.option_unknown', { ...at, name, value: option }, attribute.name);
  if (new Set(chosen).size !== chosen.length) issues.add(objectId, 'items.result.option_repeat', { ...at, name }, attribute.name);
}

/** A required attribute is answered by its value, or by its default item where the value was never set. */
function requiredIssues(issues: Issues, objectId: string | null, values: AttributeValues, attributes: ToolAttribute[], at: Record<string, number>): void {
  for (const attribute of attributes) {
    if (!attribute.required) continue;
    const value = values[attribute.name] ?? attribute.defaultItem;
    const empty = value === undefined || (Array.isArray(value) ? value.length === 0 : value.trim() === '');
    if (empty) issues.add(objectId, 'items.result.attribute_required', { ...at, name: attribute.displayName }, attribute.name);
  }
}

const minimumPoints = { polygon: 3, line: 2, curve: 2 } as const;

function shapeIssues(issues: Issues, objectId: string, shape: Shape, templateType: string, tool: ToolInput, image: ImageSize | null, at: Record<string, number>): void {
  if (shape.type !== templateType) {
    issues.add(objectId, 'items.result.shape_mismatch', { ...at, expected: templateType, actual: shape.type });
    return;
  }
  const outsideImage = () => issues.add(objectId, 'items.result.outside_image', { ...at, width: image?.width ?? 0, height: image?.height ?? 0 });
  switch (shape.type) {
    case 'box': {
      if (shape.width <= 0 || shape.height <= 0) issues.add(objectId, 'items.result.box_empty', at);
      else if (outside(shape, image)) outsideImage();
      if (tool.aspectRatio && shape.width > 0 && shape.height > 0 && !fitsRatio(shape.width, shape.height, tool.aspectRatio)) {
        issues.add(objectId, 'items.result.aspect_ratio', { ...at, ratio: tool.aspectRatio });
      }
      return;
    }
    case 'point':
      if (outside(shape, image)) outsideImage();
      return;
    case 'mask':
      maskShapeIssues(issues, objectId, shape, image, at);
      return;
    case 'segment':
      if (shape.counts.reduce((sum, run) => sum + run, 0) !== shape.pointCount) issues.add(objectId, 'items.result.segment_runs', { ...at, points: shape.pointCount });
      return;
    case 'cuboid':
      // Its extents are positive by the schema; the tool's rules across its keyframes are checked per track.
      if (!tool.enablePitchRoll && (shape.pitch !== undefined || shape.roll !== undefined)) issues.add(objectId, 'items.result.pitch_roll', { ...at, name: tool.name });
      return;
    default: {
      const minimum = minimumPoints[shape.type];
      if (shape.points.length < minimum) issues.add(objectId, `items.result.${shape.type}_points`, { ...at, min: minimum });
      if (outside(shape, image)) outsideImage();
    }
  }
}

/** A mask covers its frame exactly: the image's size, and runs that add up to its pixels. */
function maskShapeIssues(issues: Issues, objectId: string, mask: MaskShape, image: ImageSize | null, at: Record<string, number>): void {
  if (image && (mask.width !== image.width || mask.height !== image.height)) {
    issues.add(objectId, 'items.result.mask_size', { ...at, width: image.width, height: image.height });
  } else if (maskLength(mask) !== mask.width * mask.height) {
    issues.add(objectId, 'items.result.mask_runs', { ...at, pixels: mask.width * mask.height });
  }
}

/** Whether a drawn shape leaves the image; a mask, a cuboid or a segment is measured otherwise, and no image is no bound. */
function outside(shape: Shape, image: ImageSize | null): boolean {
  if (!image) return false;
  const beyond = (x: number, y: number) => x < 0 || y < 0 || x > image.width || y > image.height;
  switch (shape.type) {
    case 'box':
      return beyond(shape.x, shape.y) || beyond(shape.x + shape.width, shape.y + shape.height);
    case 'point':
      return beyond(shape.x, shape.y);
    case 'polygon':
    case 'line':
    case 'curve':
      return shape.points.some((p) => beyond(p.x, p.y));
    default:
      return false;
  }
}

const covers = (size: ImageSize, bound: ImageSize | null) => !bound || (size.width >= bound.width && size.height >= bound.height);

/**
 * Where frames differ in size, the frames a keyframe's shape reaches past its own (blended towards the next keyframe,
 * or held) are checked against theirs too. Every coordinate moves linearly between keyframes, so a run of frames of
 * one size holds the shape wherever its first and last frames do, and a run at least as large as both keyframes'
 * frames holds it always; a run that does not says so once, at its first frame out.
 */
function heldIssues(issues: Issues, object: ResultObject, frameCount: number, images: FrameImages): void {
  const keyframes = object.keyframes;
  keyframes.forEach((keyframe, i) => {
    if (keyframe.outside || !keyframe.shape) return;
    const next = keyframes[i + 1];
    const end = Math.min(next?.frame ?? frameCount, frameCount) - 1;
    const own = images.at(keyframe.frame);
    const towards = next && !next.outside ? images.at(next.frame) : own;
    for (const run of runsWithin(images.runs!, keyframe.frame + 1, end)) {
      const size = run.size;
      if (!size || (covers(size, own) && covers(size, towards))) continue;
      for (const frame of new Set([Math.max(run.from, keyframe.frame + 1), Math.min(run.to, end)])) {
        const shape = shapeAt(object, frame);
        if (!shape) break;
        if (shape.type === 'mask' ? shape.width !== size.width || shape.height !== size.height : outside(shape, size)) {
          issues.add(object.id, shape.type === 'mask' ? 'items.result.mask_size' : 'items.result.outside_image', { frame, width: size.width, height: size.height });
          break;
        }
      }
    }
  });
}

/** A box keeps the tool's ratio to within one percent, the rounding of a box drawn in whole pixels. */
function fitsRatio(width: number, height: number, ratio: string): boolean {
  const [w, h] = ratio.split(':').map(Number);
  const wanted = w / h;
  return Math.abs(width / height - wanted) <= wanted * 0.01;
}
