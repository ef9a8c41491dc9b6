// CVAT for video 1.1: an annotations/<item>.xml per item, each object a <track> with its shape at every frame from
// its first keyframe to the sequence's end, as CVAT writes it: keyframes marked, an outside mark where it leaves the
// scene, its values at each frame. A picture is a sequence of one frame.
import { frameAttributesAt, shapeAt } from '../../items/interpolation';
import type { ResultObject, Shape } from '../../items/result.schema';
import { archiveStem, classNameOf, type EncoderFactory, type ExportItem, type ExportTool } from '../format';
import { cvatSource } from './cvat-images';
import { escapeXml, labelsXml, shapeElementOf, shapeXml } from './cvat-xml';

export const cvatVideoEncoder: EncoderFactory = (context) => ({
  item(item) {
    const ids = trackIds(item.result.objects);
    const tracks = item.result.objects.flatMap((object) => trackXml(object, ids.get(object.id)!, item.result.frameCount, context.tools));
    const [width, height] = [item.frames[0]?.width ?? item.width ?? 0, item.frames[0]?.height ?? item.height ?? 0];
    const content =
      `<?xml version="1.0" encoding="utf-8"?>\n<annotations>\n  <version>1.1</version>\n  <meta>\n    <task>\n      <name>${escapeXml(context.projectTitle)}</name>\n` +
      `      <size>${item.result.frameCount}</size>\n      <mode>interpolation</mode>\n      <start_frame>0</start_frame>\n      <stop_frame>${item.result.frameCount - 1}</stop_frame>\n` +
      `      <source>${escapeXml(item.fileName)}</source>\n      <original_size>\n        <width>${width}</width>\n        <height>${height}</height>\n      </original_size>\n` +
      `${labelsXml(context.tools, '      ')}    </task>\n    <dumped>${escapeXml(context.exportedAt)}</dumped>\n  </meta>\n${tracks.join('')}</annotations>\n`;
    return { files: [{ path: `annotations/${archiveStem(item)}.xml`, content }], objects: tracks.length };
  },
  finish: () => ({ files: [], documents: [] }),
});

/** CVAT's integer track ids: an object whose id is already a whole number keeps it, the others follow the largest. */
export function trackIds(objects: ResultObject[]): Map<string, number> {
  const whole = (id: string) => /^(0|[1-9]\d{0,8})$/.test(id);
  let next = 0;
  for (const o of objects) if (whole(o.id)) next = Math.max(next, Number(o.id) + 1);
  return new Map(objects.map((o) => [o.id, whole(o.id) ? Number(o.id) : next++]));
}

/** The object's <track>, or nothing where its shapes have no CVAT element. */
function trackXml(object: ResultObject, id: number, frameCount: number, tools: ExportTool[]): string[] {
  const keyframes = new Set(object.keyframes.map((k) => k.frame));
  const elements: string[] = [];
  let previous: Shape | null = null;
  for (let frame = object.keyframes[0].frame; frame < frameCount; frame++) {
    const shape = shapeAt(object, frame);
    const written = shape ?? previous;
    if (!written) continue;
    const element = shapeElementOf(written);
    if (!element) return [];
    const values = { ...object.attributes, ...frameAttributesAt(object, frame) };
    const marks: [string, string][] = [
      ['frame', String(frame)],
      ['keyframe', shape && !keyframes.has(frame) ? '0' : '1'],
      ['outside', shape ? '0' : '1'],
    ];
    elements.push(shapeXml(element.kind, marks, element.attributes, values, '    '));
    previous = shape;
  }
  const head = `  <track id="${id}" label="${escapeXml(classNameOf(object, tools))}" source="${cvatSource(object.keyframes[0].source)}">\n`;
  return elements.length === 0 ? [] : [`${head}${elements.join('')}  </track>\n`];
}
