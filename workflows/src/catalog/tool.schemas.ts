// Tools and their attributes, with the seed's rules: names, hotkeys, range circles, aspect ratios, frame limits.
import { z } from 'zod';

/** The seed's five, the panoptic mask, and for point clouds the cuboid and the per-point segment. */
export const templateTypes = ['box', 'polygon', 'line', 'curve', 'point', 'mask', 'cuboid', 'segment'] as const;
export const attributeTypes = ['single', 'multiple', 'input'] as const;

const required = (field: string) => z.string({ error: `catalog.${field}_empty` }).trim().min(1, `catalog.${field}_empty`).max(100, 'validation.too_big');
const positiveInteger = z.coerce.number({ error: 'validation.positive_integer' }).int('validation.positive_integer').positive('validation.positive_integer');

/** An integer or integer*integer, several separated by commas, at most five. */
export const rangeCirclesPattern = /^\d+(\*\d+)?(,\d+(\*\d+)?){0,4}$/;
/** Like 2:1, with an English colon; empty means no limit. */
export const aspectRatioPattern = /^[1-9]\d*:[1-9]\d*$/;

export const attributeOption = z.object({
  name: required('option_name'),
  value: z.string().trim().max(100).optional(),
  hotkey: z.string().trim().max(20).optional(),
});

export const toolAttribute = z
  .object({
    name: required('attribute_name'),
    displayName: required('display_name'),
    exportName: required('export_name'),
    level: positiveInteger.default(1),
    hotkey: z.string().trim().max(20).optional(),
    color: z.string().trim().regex(/^#[0-9a-fA-F]{6}$/, 'catalog.color_format').optional(),
    required: z.boolean().default(false),
    defaultItem: z.string().trim().max(100).optional(),
    instanceAttribute: z.boolean().default(false),
    frameAttribute: z.boolean().default(false),
    type: z.enum(attributeTypes, { error: 'catalog.attribute_type' }),
    display: z.enum(['tiled', 'dropdown']).default('tiled'),
    options: z.array(attributeOption).default([]),
    minChars: positiveInteger.optional(),
    maxChars: positiveInteger.optional(),
  })
  .superRefine((attribute, ctx) => {
    if (attribute.type !== 'input' && attribute.options.length === 0) ctx.addIssue({ code: 'custom', path: ['options'], message: 'catalog.options_empty' });
    if (attribute.minChars !== undefined && attribute.maxChars !== undefined && attribute.maxChars < attribute.minChars) {
      ctx.addIssue({ code: 'custom', path: ['maxChars'], message: 'catalog.max_below_min' });
    }
    repeated(attribute.options.map((o) => o.name), ctx, 'options', 'name');
    if (attribute.defaultItem && attribute.type !== 'input' && !attribute.options.some((o) => o.name === attribute.defaultItem)) {
      ctx.addIssue({ code: 'custom', path: ['defaultItem'], message: 'catalog.default_unknown' });
    }
  });
export type ToolAttribute = z.infer<typeof toolAttribute>;

export const toolInput = z
  .object({
    name: required('tool_name'),
    templateType: z.enum(templateTypes, { error: 'catalog.template_type' }),
    description: z.string().trim().max(500).default(''),
    rangeCircles: z.string().trim().regex(rangeCirclesPattern, 'catalog.range_circles').optional().or(z.literal('').transform(() => undefined)),
    aspectRatio: z.string().trim().regex(aspectRatioPattern, 'catalog.aspect_ratio').optional().or(z.literal('').transform(() => undefined)),
    pointCloudOverlayFrames: positiveInteger.max(20, 'catalog.overlay_frames').optional(),
    autoTrackFrames: z.coerce.number({ error: 'catalog.auto_track_frames' }).int('catalog.auto_track_frames').min(10, 'catalog.auto_track_frames').max(20, 'catalog.auto_track_frames').optional(),
    sameBoxSizeCount: z.coerce.number({ error: 'catalog.same_box_sizes' }).int('catalog.same_box_sizes').min(0, 'catalog.same_box_sizes').default(0),
    /** For a cuboid tool: whether its cuboids may tilt (pitch and roll); otherwise they turn only about the vertical. */
    enablePitchRoll: z.boolean().default(false),
    /** For a mask tool: a class of things, each painted region an instance of its own; otherwise stuff, one region per frame. */
    countable: z.boolean().optional(),
    attributes: z.array(toolAttribute).default([]),
  })
  .strict()
  .superRefine((tool, ctx) => {
    repeated(tool.attributes.map((a) => a.name), ctx, 'attributes', 'name');
    const hotkeys = [
      ...tool.attributes.map((a, i) => ({ key: a.hotkey, path: ['attributes', i, 'hotkey'] })),
      ...tool.attributes.flatMap((a, i) => a.options.map((o, j) => ({ key: o.hotkey, path: ['attributes', i, 'options', j, 'hotkey'] }))),
    ].filter((h) => h.key);
    const seen = new Set<string>();
    for (const hotkey of hotkeys) {
      const key = hotkey.key!.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: hotkey.path, message: 'catalog.hotkey_repeat', params: { value: hotkey.key } });
      seen.add(key);
    }
  });
export type ToolInput = z.infer<typeof toolInput>;

/** Adds "{value} repeat" on the second of two equal names. */
function repeated(names: string[], ctx: z.RefinementCtx, list: string, field: string): void {
  const seen = new Set<string>();
  names.forEach((name, index) => {
    if (seen.has(name)) ctx.addIssue({ code: 'custom', path: [list, index, field], message: 'catalog.value_repeat', params: { value: name } });
    seen.add(name);
  });
}
