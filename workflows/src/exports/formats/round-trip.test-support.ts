// What the format specs share: a project of a box and a polygon tool, an item with one of each, and an encoder run
// collected into files the way the archive would hold them (sectioned documents assembled).
import type { ToolInput } from '../../catalog/tool.schemas';
import type { ResultObject } from '../../items/result.schema';
import type { EncoderFactory, ExportContext, ExportFile, ExportItem, ImportedFile } from '../format';

const tool = (name: string, templateType: ToolInput['templateType']): ToolInput => ({ name, templateType, description: '', sameBoxSizeCount: 0, enablePitchRoll: false, attributes: [] });

export const context: ExportContext = {
  projectTitle: 'Urban streets',
  tools: [
    { toolId: '00000000-0000-4000-8000-000000000001', toolVersion: 1, definition: tool('Vehicle', 'box') },
    { toolId: '00000000-0000-4000-8000-000000000002', toolVersion: 1, definition: tool('Drivable area', 'polygon') },
    { toolId: '00000000-0000-4000-8000-000000000003', toolVersion: 1, definition: tool('Lane', 'line') },
  ],
  rule: null,
  exportedAt: '2026-11-24T00:00:00.000Z',
};

const object = (id: string, toolIndex: number, shape: ResultObject['keyframes'][number]['shape'], attributes: ResultObject['attributes'] = {}): ResultObject => ({
  id,
  toolId: context.tools[toolIndex].toolId,
  toolVersion: 1,
  templateType: context.tools[toolIndex].definition.templateType,
  className: null,
  attributes,
  group: null,
  keyframes: [{ frame: 0, shape, attributes: {}, outside: false, source: 'drawn' }],
});

export const item = (over: Partial<ExportItem> = {}): ExportItem => {
  const mediaPath = over.mediaPath ?? 'images/Week 1/frames/0001.png';
  return { ...base, frames: [{ mediaPath, width: 640, height: 480, timestamp: null }], ...over };
};

const base: Omit<ExportItem, 'frames'> = {
  itemId: 'a5b1c3d4-0000-4000-8000-000000000010',
  fileName: 'frames/0001.png',
  batchName: 'Week 1',
  index: 1,
  width: 640,
  height: 480,
  effective: true,
  mediaPath: 'images/Week 1/frames/0001.png',
  result: {
    frameCount: 1,
    attributes: {},
    objects: [
      object('car-1', 0, { type: 'box', x: 100.25, y: 50.5, width: 120, height: 80 }, { category: 'car', lights: ['brake', 'left'] }),
      object('road-1', 1, { type: 'polygon', points: [{ x: 10, y: 400 }, { x: 630, y: 400 }, { x: 320, y: 240 }] }),
      object('lane-1', 2, { type: 'line', points: [{ x: 0, y: 470 }, { x: 300, y: 250 }] }),
    ],
  },
};

/** Runs an encoder over the items and answers the archive's files. */
export function encodeAll(factory: EncoderFactory, items: ExportItem[], exportContext: ExportContext = context): ImportedFile[] {
  const encoder = factory(exportContext);
  const files: ExportFile[] = [];
  const sections = new Map<string, string[]>();
  for (const each of items) {
    const encoded = encoder.item(each);
    files.push(...encoded.files);
    for (const [name, elements] of Object.entries(encoded.sections ?? {})) sections.set(name, [...(sections.get(name) ?? []), ...elements]);
  }
  const end = encoder.finish();
  files.push(...end.files);
  for (const document of end.documents) {
    files.push({ path: document.path, content: document.parts.map((part) => (typeof part === 'string' ? part : (sections.get(part.section) ?? []).join(','))).join('') });
  }
  return files.map((f) => ({ path: f.path, content: typeof f.content === 'string' ? Buffer.from(f.content, 'utf8') : Buffer.from(f.content) }));
}

export const text = (files: ImportedFile[], path: string): string => {
  const file = files.find((f) => f.path === path);
  if (!file) throw new Error(`no ${path} among ${files.map((f) => f.path).join(', ')}`);
  return file.content.toString('utf8');
};

/** The one item's size, found by any name ending in its file name or stem, as the importer matches them. */
export const sizeOf = (name: string) => (/(^|\/)frames\/0001(\.png)?$/.test(name) ? { width: 640, height: 480 } : null);
