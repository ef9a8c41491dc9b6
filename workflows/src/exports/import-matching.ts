// Turns what a decoder read into starting results: each decoded item matched to one of the batch's items by file
// name, then by the end of its path, then by its name without extension; each object to the project's tool of its
// class; each result checked as an editor save would be. Every refusal names where it was read.
import type { ResultDocument, ResultObject, Shape } from '../tasks/result.schema';
import { type ResultTool, saveIssues } from '../tasks/result.validation';
import { type DecodedObject, type DecodeOutcome, type DecodeRefusal, importReasons, stemOf } from './format';

export interface ImportTarget {
  itemId: string;
  fileName: string;
  width: number | null;
  height: number | null;
  /** Waiting in an annotation link's pool: only such an item takes a starting result. */
  waiting: boolean;
}

export interface MatchedItem {
  target: ImportTarget;
  result: ResultDocument;
}

export interface ImportMatch {
  /** Items whose every line was good. */
  items: MatchedItem[];
  refusals: DecodeRefusal[];
}

/** The batch's items by file name and by stem, and a decoded name's matches from its whole path to its last part. */
export function itemFinder(targets: ImportTarget[]): (name: string) => ImportTarget | null {
  const byName = new Map(targets.map((t) => [t.fileName, t]));
  const byStem = new Map(targets.map((t) => [stemOf(t.fileName), t]));
  return (name) => {
    const parts = name.split('/');
    for (let i = 0; i < parts.length; i++) {
      const tail = parts.slice(i).join('/');
      const found = byName.get(tail) ?? byStem.get(tail);
      if (found) return found;
    }
    return null;
  };
}

/** KITTI writes spaces as underscores; a class matches a tool by its name either way. */
const sameClass = (className: string, toolName: string) => className === toolName || className === toolName.trim().replace(/\s+/g, '_');

/** The shape as the tool draws it: an open polyline read back is a curve where the tool draws curves. */
function shapeFor(shape: Shape, templateType: string): Shape | null {
  if (shape.type === templateType) return shape;
  if (shape.type === 'line' && templateType === 'curve') return { type: 'curve', points: shape.points };
  return null;
}

interface Draft {
  target: ImportTarget;
  objects: ResultObject[];
  /** Where each object was read, by its id, for the validator's refusals. */
  sources: Map<string, string>;
  refused: boolean;
}

export function matchImport(outcome: DecodeOutcome, targets: ImportTarget[], tools: ResultTool[]): ImportMatch {
  const refusals = [...outcome.refusals];
  const find = itemFinder(targets);
  const drafts = new Map<string, Draft>();
  // A refused line of an item's file refuses the item: only items whose every line is good are written.
  const fileRefused = (source: string) => {
    const file = source.replace(/ images\[\d+\]$/, '');
    return outcome.refusals.some((r) => r.source === file || r.source.startsWith(`${file}:`) || r.source.startsWith(`${file} `));
  };

  for (const decoded of outcome.items) {
    const target = find(decoded.fileName);
    if (!target) {
      refusals.push({ source: decoded.source, reasonKey: importReasons.itemNotFound, params: { value: decoded.fileName } });
      continue;
    }
    if (!target.waiting) {
      refusals.push({ source: decoded.source, reasonKey: importReasons.itemBusy, params: { value: target.fileName } });
      continue;
    }
    const draft: Draft = drafts.get(target.itemId) ?? { target, objects: [], sources: new Map(), refused: fileRefused(decoded.source) };
    drafts.set(target.itemId, draft);
    for (const object of decoded.objects) {
      const made = objectOf(object, tools, draft.objects.length, refusals);
      if (!made) {
        draft.refused = true;
        continue;
      }
      // Ids repeat across files of one item; the later one gets a suffix.
      if (draft.objects.some((o) => o.id === made.id)) made.id = `${made.id}-${draft.objects.length + 1}`;
      draft.objects.push(made);
      draft.sources.set(made.id, object.source);
    }
  }

  const items: MatchedItem[] = [];
  for (const draft of drafts.values()) {
    const { target } = draft;
    const result: ResultDocument = { frameCount: 1, objects: draft.objects, attributes: {} };
    const image = target.width && target.height ? { width: target.width, height: target.height } : null;
    const issues = saveIssues(result, { tools, image });
    for (const issue of issues) {
      refusals.push({ source: (issue.objectId && draft.sources.get(issue.objectId)) || target.fileName, reasonKey: issue.messageKey, params: issue.params });
    }
    if (issues.length === 0 && !draft.refused) items.push({ target, result });
  }
  return { items, refusals };
}

/** A read object as a result object of the project's tool of its class, or null with why it was refused. */
export function objectOf(object: DecodedObject, tools: ResultTool[], index: number, refusals: DecodeRefusal[]): ResultObject | null {
  const tool = tools.find((t) => sameClass(object.className, t.definition.name));
  if (!tool) {
    refusals.push({ source: object.source, reasonKey: importReasons.unknownClass, params: { value: object.className } });
    return null;
  }
  const shape = shapeFor(object.shape, tool.definition.templateType);
  if (!shape) {
    refusals.push({ source: object.source, reasonKey: importReasons.shapeToolMismatch, params: { tool: tool.definition.name, expected: tool.definition.templateType, value: object.shape.type } });
    return null;
  }
  // Attributes the tool defines are the object's own; the rest the validator refuses as unknown.
  return {
    id: (object.id ?? `imp-${index + 1}`).slice(0, 64),
    toolId: tool.toolId,
    toolVersion: tool.toolVersion,
    templateType: tool.definition.templateType,
    className: null,
    attributes: object.attributes,
    group: null,
    keyframes: [{ frame: 0, shape, attributes: {}, outside: false, source: 'algorithm' }],
  };
}
