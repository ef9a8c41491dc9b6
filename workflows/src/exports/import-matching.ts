// Turns what a decoder read into starting results: each decoded item matched to one of the batch's items by file
// name, then by the end of its path, then by its name without extension; each object to the project's tool of its
// class; each result checked as an editor save would be. Every refusal names where it was read, and so does every
// warning: an attribute the tool does not have is skipped, not refused.
import { type CameraBoxFrame, withCameraBoxes } from '../fusion/camera-box-keyframes';
import { maskBounds } from '../editor/masks';
import { compactTrack, type TrackFrame } from '../items/interpolation';
import type { AttributeValues, ResultDocument, ResultObject, Shape } from '../items/result.schema';
import type { ImageSize } from '../items/frame-images';
import { type CheckedResult, checkedResult, type ResultTool } from '../items/result.validation';
import { type DecodeContext, type DecodedObject, type DecodeOutcome, type DecodeRefusal, type DecodeWarning, importReasons, importWarnings, stemOf } from './format';

export interface ImportTarget {
  itemId: string;
  fileName: string;
  width: number | null;
  height: number | null;
  /** Waiting in an annotation link's pool: only such an item takes a starting result. */
  waiting: boolean;
  /** The item's frames (1 for a picture); where unknown, the decoded files' count or their last frame decides. */
  frameCount?: number;
  /** A fusion item's cameras with their images' size, which the 2D boxes drawn on them must lie within. */
  cameras?: { name: string; width: number; height: number }[];
  /** Each frame's size where a sequence's frames differ in size (see ResultConfig). */
  frameImages?: (ImageSize | null)[];
}

export interface MatchedItem {
  target: ImportTarget;
  result: CheckedResult;
}

export interface ImportMatch {
  /** Items whose every line was good. */
  items: MatchedItem[];
  refusals: DecodeRefusal[];
  warnings: DecodeWarning[];
  /** What was read and not written, by where it was read: the files (or items) and the objects. */
  dropped: { files: string[]; objects: string[] };
}

/**
 * The batch's items by file name and by stem, and a decoded name's matches from its whole path to its last part;
 * a bare name ("a" of a flat classes.txt folder) finds the one item of that name in whatever folder it lies.
 */
export function itemFinder(targets: ImportTarget[]): (name: string) => ImportTarget | null {
  const byName = new Map(targets.map((t) => [t.fileName, t]));
  const byStem = new Map(targets.map((t) => [stemOf(t.fileName), t]));
  const byBase = new Map<string, ImportTarget | null>();
  for (const t of targets) {
    const base = stemOf(t.fileName.slice(t.fileName.lastIndexOf('/') + 1));
    byBase.set(base, byBase.has(base) ? null : t);
  }
  return (name) => {
    const parts = name.split('/');
    for (let i = 0; i < parts.length; i++) {
      const tail = parts.slice(i).join('/');
      // A file may name its picture with another extension than the item's ("0001.jpg" for "0001.png").
      const found = byName.get(tail) ?? byStem.get(tail) ?? byStem.get(stemOf(tail));
      if (found) return found;
    }
    return byBase.get(stemOf(parts[parts.length - 1])) ?? null;
  };
}

/** What a decoder may ask of the batch's items by a name: an item's image size, and its frame count. */
export function targetLookups(targets: ImportTarget[]): Pick<DecodeContext, 'sizeOf' | 'itemOf'> {
  const find = itemFinder(targets);
  return {
    sizeOf: (name) => {
      const target = find(name);
      return target?.width && target.height ? { width: target.width, height: target.height } : null;
    },
    itemOf: (name) => {
      const target = find(name);
      return target ? { frameCount: target.frameCount ?? null } : null;
    },
  };
}

/** KITTI writes spaces as underscores; a class matches a tool by its name either way. */
const sameClass = (className: string, toolName: string) => className === toolName || className === toolName.trim().replace(/\s+/g, '_');

/** The shape as the tool draws it: an open polyline read back is a curve where the tool draws curves. */
function shapeFor({ shape, cameraBoxes }: DecodedObject, templateType: string): Shape | null {
  if (shape.type === templateType) return shape;
  // A cuboid with its boxes on cameras (OpenLABEL's KITTI tracking) where the project draws boxes: its first camera's box, said with a warning.
  const [cameraBox] = Object.values(cameraBoxes ?? {});
  if (shape.type === 'cuboid' && templateType === 'box' && cameraBox) return cameraBox;
  // A painted region (COCO's crowd) where the project draws boxes: its bounds, said with a warning.
  if (shape.type === 'mask' && templateType === 'box') {
    const [x, y, width, height] = maskBounds(shape);
    return width > 0 && height > 0 ? { type: 'box', x, y, width, height } : null;
  }
  if (shape.type === 'line' && templateType === 'curve') return { type: 'curve', points: shape.points };
  return null;
}

/** One object being gathered from a decoded item: its observations by frame, keyed by the id it will have. */
interface TrackDraft {
  id: string;
  tool: ResultTool;
  attributes: ResultObject['attributes'];
  frames: TrackFrame[];
  /** A cuboid's camera boxes at each frame read, in a fusion project. */
  boxes: CameraBoxFrame[];
  seen: Set<number>;
}

interface Draft {
  target: ImportTarget;
  tracks: Map<string, TrackDraft>;
  /** The frames the decoded files say the item has, where they say. */
  frameCount: number | undefined;
  /** Where each object was read, by its id, for the validator's refusals. */
  sources: Map<string, string>;
  /** Where the item and each of its objects were read, for what an unwritten item drops. */
  read: { files: Set<string>; objects: string[] };
  refused: boolean;
}

/**
 * Matches decoded items to the batch's items and their objects to the project's tools. A sequence item is named by
 * its file name (its folder or its video) and each object by the frame it was read at: observations sharing an id
 * are one track, whose per-frame shapes compactTrack turns back into keyframes, its frame attributes (as the tool
 * defines them) kept per frame and its other values once.
 */
export function matchImport(outcome: DecodeOutcome, targets: ImportTarget[], tools: ResultTool[]): ImportMatch {
  return importMatcher(targets, tools)(outcome);
}

/** The matching of one batch's items and tools, its lookups built once, for an import that matches its items a chunk at a time. */
export function importMatcher(targets: ImportTarget[], tools: ResultTool[]): (outcome: DecodeOutcome) => ImportMatch {
  const find = itemFinder(targets);
  return (outcome) => matchWith(outcome, find, tools);
}

function matchWith(outcome: DecodeOutcome, find: (name: string) => ImportTarget | null, tools: ResultTool[]): ImportMatch {
  const refusals = [...outcome.refusals];
  const warnings = [...(outcome.warnings ?? [])];
  const dropped = { files: new Set<string>(), objects: new Set<string>() };
  noteDropped(outcome, dropped);
  const drafts = new Map<string, Draft>();
  // A refused line of an item's file refuses the item: only items whose every line is good are written.
  const fileRefused = (source: string) => {
    const file = source.replace(/ (images|videos)\[\d+\]$/, '');
    return outcome.refusals.some((r) => r.source === file || r.source.startsWith(`${file}:`) || r.source.startsWith(`${file} `));
  };

  for (const decoded of outcome.items) {
    const target = find(decoded.fileName);
    if (!target && decoded.listed) {
      warnings.push({ source: decoded.source, reasonKey: importWarnings.notInBatch, params: { value: decoded.fileName } });
      dropped.files.add(decoded.source);
      for (const object of decoded.objects) dropped.objects.add(object.source);
      continue;
    }
    const unmatched = !target ? importReasons.itemNotFound : !target.waiting ? importReasons.itemBusy : null;
    if (!target || unmatched) {
      refusals.push({ source: decoded.source, reasonKey: unmatched!, params: { value: target?.fileName ?? decoded.fileName } });
      dropped.files.add(decoded.source);
      for (const object of decoded.objects) dropped.objects.add(object.source);
      continue;
    }
    const draft: Draft = drafts.get(target.itemId) ?? { target, tracks: new Map(), frameCount: undefined, sources: new Map(), read: { files: new Set(), objects: [] }, refused: fileRefused(decoded.source) };
    drafts.set(target.itemId, draft);
    draft.read.files.add(decoded.source);
    draft.read.objects.push(...decoded.objects.map((o) => o.source));
    if (decoded.frameCount !== undefined) draft.frameCount = Math.max(draft.frameCount ?? 0, decoded.frameCount);
    for (const object of decoded.objects) {
      // A file may run past the item's last frame (MOT ground truth often runs to a longer seqLength): what fits is kept.
      if (target.frameCount && (object.frame ?? 0) >= target.frameCount) {
        warnings.push({ source: object.source, reasonKey: importWarnings.pastLastFrame, params: { frameCount: target.frameCount } });
        dropped.objects.add(object.source);
        continue;
      }
      const tool = toolOf(object, tools, object.optional ? warnings : refusals, object.optional);
      if (!tool) {
        if (object.optional) dropped.objects.add(object.source);
        else draft.refused = true;
        continue;
      }
      // A painted region (COCO's crowd) drawn as its box says it was a crowd, where the tool has the attribute for it.
      const crowd = object.shape.type === 'mask' && tool.shape.type === 'box';
      if (crowd) warnings.push({ source: object.source, reasonKey: importWarnings.crowdAsBox, params: { tool: tool.tool.definition.name } });
      const read = crowd ? { ...object, attributes: { ...object.attributes, iscrowd: '1' } } : object;
      const { shape, cameraBoxes } = cuboidAsDrawn(read, tool, warnings);
      addObservation(draft, { ...read, cameraBoxes, attributes: knownAttributes(read, tool.tool, warnings) }, tool.tool, shape);
    }
  }

  const items: MatchedItem[] = [];
  for (const draft of drafts.values()) {
    const { target } = draft;
    const tracks = [...draft.tracks.values()];
    const lastFrame = Math.max(0, ...tracks.flatMap((t) => t.frames.map((f) => f.frame)));
    const frameCount = target.frameCount ?? draft.frameCount ?? lastFrame + 1;
    const objects = tracks.map((track) => objectOfTrack(track, frameCount));
    const result: ResultDocument = { frameCount, objects, attributes: {} };
    const image = target.width && target.height ? { width: target.width, height: target.height } : null;
    const checked = checkedResult(result, { tools, image, cameras: target.cameras, frameImages: target.frameImages });
    for (const issue of checked.issues) {
      refusals.push({ source: (issue.objectId && draft.sources.get(issue.objectId)) || target.fileName, reasonKey: issue.messageKey, params: issue.params });
    }
    if (checked.result && !draft.refused) items.push({ target, result: checked.result });
    else {
      for (const file of draft.read.files) dropped.files.add(file);
      for (const object of draft.read.objects) dropped.objects.add(object);
    }
  }
  // A track read frame by frame says a refusal or a warning once, not at each frame.
  return { items, refusals: once(refusals), warnings: once(warnings), dropped: { files: [...dropped.files], objects: [...dropped.objects] } };
}

/** What a decoder's refusals and warnings drop: a refused line (or indexed entry) is an object, a refused file a file; so is an object it skips with a warning. */
export function noteDropped({ refusals, warnings }: Pick<DecodeOutcome, 'refusals' | 'warnings'>, dropped: { files: Set<string>; objects: Set<string> }): void {
  for (const r of refusals) (/:\d+$|\[[^\]]+\]$/.test(r.source) ? dropped.objects : dropped.files).add(r.source);
  for (const w of warnings ?? []) if (skipsObject.has(w.reasonKey)) dropped.objects.add(w.source);
}

/** Warnings that say an object was skipped: of a negative size, or of an image its file does not list. */
const skipsObject = new Set<string>([importWarnings.negativeSize, importWarnings.noImage]);

function once<T extends DecodeRefusal>(said: T[]): T[] {
  const seen = new Set<string>();
  return said.filter((s) => !seen.has(JSON.stringify(s)) && !!seen.add(JSON.stringify(s)));
}

/**
 * A read cuboid as the tool takes it, said with a warning where it changes: where the tool draws boxes, its box on the
 * first camera (the camera boxes then are the shape, not beside it); where it keeps cuboids level, levelled, its heading kept.
 */
function cuboidAsDrawn(object: DecodedObject, tool: { tool: ResultTool; shape: Shape }, warnings: DecodeWarning[]): Pick<DecodedObject, 'shape' | 'cameraBoxes'> {
  const { shape } = tool;
  const name = tool.tool.definition.name;
  if (object.shape.type === 'cuboid' && shape.type === 'box') {
    warnings.push({ source: object.source, reasonKey: importWarnings.cuboidAsBox, params: { tool: name, camera: Object.keys(object.cameraBoxes!)[0] } });
    return { shape, cameraBoxes: undefined };
  }
  if (shape.type !== 'cuboid' || tool.tool.definition.enablePitchRoll || (shape.pitch === undefined && shape.roll === undefined)) return { shape, cameraBoxes: object.cameraBoxes };
  warnings.push({ source: object.source, reasonKey: importWarnings.levelled, params: { tool: name } });
  const { pitch: _pitch, roll: _roll, ...level } = shape;
  return { shape: level, cameraBoxes: object.cameraBoxes };
}

/** The values of attributes the tool has; any other is skipped with a warning, never a refusal of the file. */
function knownAttributes(object: DecodedObject, tool: ResultTool, warnings: DecodeWarning[]): AttributeValues {
  const types = new Map(tool.definition.attributes.map((a) => [a.name, a.type]));
  const known: AttributeValues = {};
  for (const [name, value] of Object.entries(object.attributes)) {
    // A format that lists a multiple choice value by value gives a single chosen value as a text.
    if (types.has(name)) known[name] = types.get(name) === 'multiple' && typeof value === 'string' ? [value] : value;
    else warnings.push({ source: object.source, reasonKey: importWarnings.attributeSkipped, params: { name, tool: tool.definition.name, value: String(value) } });
  }
  return known;
}

/** Adds one read object to its track: the track of its id, unless that track already holds its frame (ids repeat across files of one item), then a new one. */
function addObservation(draft: Draft, object: DecodedObject, tool: ResultTool, shape: Shape): void {
  const frame = object.frame ?? 0;
  const base = (object.id ?? `imp-${draft.tracks.size + 1}`).slice(0, 64);
  let track = draft.tracks.get(base);
  if (track && (track.seen.has(frame) || track.tool.toolId !== tool.toolId)) {
    return addTrack(draft, `${base.slice(0, 56)}-${draft.tracks.size + 1}`, object, tool, shape, frame);
  }
  if (!track) return addTrack(draft, base, object, tool, shape, frame);
  const { own, perFrame } = splitAttributes(object.attributes, tool);
  Object.assign(track.attributes, own);
  track.frames.push({ frame, shape, attributes: perFrame });
  track.boxes.push({ frame, cameraBoxes: object.cameraBoxes });
  track.seen.add(frame);
}

function addTrack(draft: Draft, id: string, object: DecodedObject, tool: ResultTool, shape: Shape, frame: number): void {
  draft.tracks.set(id, trackOf(id, object, tool, shape, frame));
  draft.sources.set(id, object.source);
}

function trackOf(id: string, object: DecodedObject, tool: ResultTool, shape: Shape, frame: number): TrackDraft {
  const { own, perFrame } = splitAttributes(object.attributes, tool);
  return { id, tool, attributes: { ...own }, frames: [{ frame, shape, attributes: perFrame }], boxes: [{ frame, cameraBoxes: object.cameraBoxes }], seen: new Set([frame]) };
}

/** A read object of one frame as a result object of the project's tool of its class, or null with why it was refused. */
export function objectOf(object: DecodedObject, tools: ResultTool[], index: number, refusals: DecodeRefusal[]): ResultObject | null {
  const found = toolOf(object, tools, refusals);
  if (!found) return null;
  const frame = object.frame ?? 0;
  return objectOfTrack(trackOf((object.id ?? `imp-${index + 1}`).slice(0, 64), object, found.tool, found.shape, frame), frame + 1);
}

/** The values the tool keeps per frame, and the rest, which are the object's own (the validator refuses unknown ones). */
function splitAttributes(values: AttributeValues, tool: ResultTool): { own: AttributeValues; perFrame: AttributeValues } {
  const frameNames = new Set(tool.definition.attributes.filter((a) => a.frameAttribute).map((a) => a.name));
  const own: AttributeValues = {};
  const perFrame: AttributeValues = {};
  for (const [name, value] of Object.entries(values)) (frameNames.has(name) ? perFrame : own)[name] = value;
  return { own, perFrame };
}

function objectOfTrack(track: TrackDraft, frameCount: number): ResultObject {
  return {
    id: track.id,
    toolId: track.tool.toolId,
    toolVersion: track.tool.toolVersion,
    templateType: track.tool.definition.templateType,
    className: null,
    attributes: track.attributes,
    group: null,
    keyframes: withCameraBoxes(compactTrack(track.frames, { frameCount, source: 'algorithm' }), track.boxes),
  };
}

/** The project's tool of a read object's class and the shape as that tool draws it, or null with why it was refused. */
function toolOf(object: DecodedObject, tools: ResultTool[], refusals: DecodeRefusal[], unknownKey: string = importReasons.unknownClass): { tool: ResultTool; shape: Shape } | null {
  const tool = tools.find((t) => sameClass(object.className, t.definition.name));
  if (!tool) {
    refusals.push({ source: object.source, reasonKey: unknownKey, params: { value: object.className } });
    return null;
  }
  const shape = shapeFor(object, tool.definition.templateType);
  if (!shape) {
    refusals.push({ source: object.source, reasonKey: importReasons.shapeToolMismatch, params: { tool: tool.definition.name, expected: tool.definition.templateType, value: object.shape.type } });
    return null;
  }
  return { tool, shape };
}
