// COCO panoptic segmentation: annotations/panoptic.json with images, annotations (one per frame with masks, its
// segments_info) and categories (isthing: the mask tool is countable), beside panoptic/<stem>.png per frame where
// each pixel's colour is its segment id (R + 256 G + 256² B) and black is unlabelled. Outline shapes have no place.
import { ClassRegistry, type EncoderFactory } from '../format';
import { maskFrames } from './masks-frames';
import { encodePng } from './masks-png';

export const cocoPanopticDocumentPath = 'annotations/panoptic.json';
export const cocoPanopticFolder = 'panoptic';

export const cocoPanopticEncoder: EncoderFactory = (context) => {
  const classes = new ClassRegistry(context.tools.filter((t) => t.definition.templateType === 'mask'));
  const things = new Map(context.tools.map((t) => [t.definition.name, t.definition.countable === true]));
  let imageId = 0;
  return {
    item(item) {
      const images: string[] = [];
      const annotations: string[] = [];
      const files = [];
      let objects = 0;
      for (const frame of maskFrames(item, context.tools)) {
        imageId += 1;
        const rgb = new Uint8Array(frame.width * frame.height * 3);
        frame.labels.labels.forEach((id, offset) => {
          rgb[offset * 3] = id & 0xff;
          rgb[offset * 3 + 1] = (id >> 8) & 0xff;
        });
        const fileName = `${frame.stem}.png`;
        files.push({ path: `${cocoPanopticFolder}/${fileName}`, content: encodePng(frame.width, frame.height, 3, rgb) });
        const segments = frame.segments.flatMap((segment, index) => {
          if (segment.area === 0) return [];
          if (!things.has(segment.className)) things.set(segment.className, segment.isThing);
          objects += segment.objects.length;
          const objectIds = segment.objects.map((o) => o.id);
          return [{ id: index + 1, category_id: classes.idOf(segment.className) + 1, area: segment.area, bbox: segment.bbox, iscrowd: 0, object_ids: objectIds }];
        });
        images.push(JSON.stringify({ id: imageId, file_name: frame.imageName, width: frame.width, height: frame.height }));
        annotations.push(JSON.stringify({ image_id: imageId, file_name: fileName, segments_info: segments }));
      }
      return { files, sections: { images, annotations }, objects };
    },
    finish() {
      const categories = classes.names().map((name, id) => ({ id: id + 1, name, supercategory: 'mask', isthing: things.get(name) ? 1 : 0 }));
      const info = { description: context.projectTitle, version: '1.0', date_created: context.exportedAt };
      return {
        files: [],
        documents: [
          {
            path: cocoPanopticDocumentPath,
            parts: [`{"info":${JSON.stringify(info)},"licenses":[],"images":[`, { section: 'images' }, '],"annotations":[', { section: 'annotations' }, `],"categories":${JSON.stringify(categories)}}`],
          },
        ],
      };
    },
  };
};
