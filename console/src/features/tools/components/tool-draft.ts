// Between the tool form's text fields and the tool the API takes.
import type { ToolInput } from '@annot/workflows';
import { type AttributeDraft, blankAttribute } from './attribute-editor';

export interface ToolDraft {
  name: string;
  templateType: string;
  description: string;
  rangeCircles: string;
  aspectRatio: string;
  pointCloudOverlayFrames: string;
  autoTrackFrames: string;
  sameBoxSizeCount: string;
  /** A mask tool's things (each region an instance) or stuff (one region per frame). */
  countable: boolean;
  /** A cuboid tool's boxes may tilt. */
  enablePitchRoll: boolean;
  attributes: AttributeDraft[];
}

export const blankTool = (): ToolDraft => ({
  name: '',
  templateType: 'box',
  description: '',
  rangeCircles: '',
  aspectRatio: '',
  pointCloudOverlayFrames: '',
  autoTrackFrames: '',
  sameBoxSizeCount: '0',
  countable: false,
  enablePitchRoll: false,
  attributes: [],
});

const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());

/** Numbers stay text here; the shared schema coerces them and says what is wrong. */
export function toCandidate(draft: ToolDraft): Record<string, unknown> {
  return {
    name: draft.name,
    templateType: draft.templateType,
    description: draft.description,
    rangeCircles: optional(draft.rangeCircles),
    aspectRatio: optional(draft.aspectRatio),
    pointCloudOverlayFrames: optional(draft.pointCloudOverlayFrames),
    autoTrackFrames: optional(draft.autoTrackFrames),
    sameBoxSizeCount: optional(draft.sameBoxSizeCount) ?? 0,
    countable: draft.templateType === 'mask' ? draft.countable : undefined,
    enablePitchRoll: draft.templateType === 'cuboid' && draft.enablePitchRoll,
    attributes: draft.attributes.map((a) => ({
      name: a.name,
      displayName: a.displayName,
      exportName: a.exportName,
      level: optional(a.level) ?? 1,
      hotkey: optional(a.hotkey),
      color: a.color,
      required: a.required,
      defaultItem: optional(a.defaultItem),
      instanceAttribute: a.instanceAttribute,
      frameAttribute: a.frameAttribute,
      type: a.type,
      display: a.display,
      options: a.type === 'input' ? [] : a.options.map((o) => ({ name: o.name, hotkey: optional(o.hotkey) })),
      minChars: a.type === 'input' ? optional(a.minChars) : undefined,
      maxChars: a.type === 'input' ? optional(a.maxChars) : undefined,
    })),
  };
}

export function fromTool(tool: ToolInput): ToolDraft {
  const text = (value: number | string | undefined) => (value === undefined ? '' : String(value));
  return {
    name: tool.name,
    templateType: tool.templateType,
    description: tool.description ?? '',
    rangeCircles: text(tool.rangeCircles),
    aspectRatio: text(tool.aspectRatio),
    pointCloudOverlayFrames: text(tool.pointCloudOverlayFrames),
    autoTrackFrames: text(tool.autoTrackFrames),
    sameBoxSizeCount: text(tool.sameBoxSizeCount),
    countable: tool.countable ?? false,
    enablePitchRoll: tool.enablePitchRoll ?? false,
    attributes: tool.attributes.map((a) => ({
      ...blankAttribute(),
      ...a,
      level: text(a.level),
      hotkey: a.hotkey ?? '',
      color: a.color ?? '#2563eb',
      defaultItem: a.defaultItem ?? '',
      options: a.options.map((o) => ({ name: o.name, hotkey: o.hotkey ?? '' })),
      minChars: text(a.minChars),
      maxChars: text(a.maxChars),
    })),
  };
}
