// CVAT for images 1.1: one annotations.xml with the task's labels and an <image> per item (a sequence gives its first
// frame, as in VOC), each object as its shape's element with its values. Cuboids, segments and point labels have no
// element here and are left out; curves are written as polylines.
import type { EncoderFactory, ExportItem } from '../format';
import { frameMediaPath } from '../format';
import { escapeXml, labelsXml, shapeElementOf, shapeXml } from './cvat-xml';
import { objectsAt } from './objects-at';

export const cvatImagesPath = 'annotations.xml';

/** CVAT's source of a shape: drawn by a person, or given by an import or a model. */
export const cvatSource = (source: string | undefined): string => (source === 'algorithm' ? 'auto' : 'manual');

export const cvatImagesEncoder: EncoderFactory = (context) => {
  // The document names the image count before the images: it is written whole at the end.
  const images: string[] = [];
  return {
    item(item) {
      const { xml, objects } = imageXml(item, context.tools);
      images.push(xml);
      return { files: [], objects };
    },
    finish() {
      const head =
        `<?xml version="1.0" encoding="utf-8"?>\n<annotations>\n  <version>1.1</version>\n  <meta>\n    <task>\n      <name>${escapeXml(context.projectTitle)}</name>\n` +
        `      <size>${images.length}</size>\n      <mode>annotation</mode>\n${labelsXml(context.tools, '      ')}    </task>\n    <dumped>${escapeXml(context.exportedAt)}</dumped>\n  </meta>\n`;
      return { files: [{ path: cvatImagesPath, content: `${head}${images.join('')}</annotations>\n` }], documents: [] };
    },
  };
};

function imageXml(item: ExportItem, tools: Parameters<typeof objectsAt>[2]): { xml: string; objects: number } {
  const shapes = objectsAt(item, 0, tools).flatMap((o) => {
    const element = shapeElementOf(o.shape);
    const keyframe = o.object.keyframes.find((k) => k.frame === 0) ?? o.object.keyframes[0];
    return element ? [shapeXml(element.kind, [['label', o.className], ['source', cvatSource(keyframe?.source)]], element.attributes, o.attributes, '    ')] : [];
  });
  const frame = item.frames[0];
  const [width, height] = [frame?.width ?? item.width ?? 0, frame?.height ?? item.height ?? 0];
  const name = frameMediaPath(item, 0).replace(/^images\//, '');
  return { xml: `  <image id="${item.index - 1}" name="${escapeXml(name)}" width="${width}" height="${height}">\n${shapes.join('')}  </image>\n`, objects: shapes.length };
}
