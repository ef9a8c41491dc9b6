// COCO panoptic read back: panoptic_<subset>.json (or the exports' annotations/panoptic.json) with its folder of PNGs,
// each pixel's segment id its colour (R + 256 G + 256² B). A segment of a thing category (isthing 1) is an object of
// its own, kept apart by its id (the exports' object_ids, else the category and segment id, which video panoptic data
// sets keep across frames); the segments of a stuff category on one frame are one object of that class.
import { type AnnotationDecoder, type DecodeContext, type DecodedItem, type DecodedObject, type DecodeRefusal, importDetails, importReasons, importWarnings, shippedFinder, stemOf } from '../format';
import type { AttributeValues } from '../../items/result.schema';
import { decodeJsonDocuments } from './json-documents';
import { withLists } from './coco-reading';
import { itemSize, type MaskPlace, placeOfStem, readMaskPng } from './mask-files';
import { colourKeysOf, masksOfKeys } from './png-masks';

const format = 'COCO panoptic';

interface PanopticSegment {
  id?: unknown;
  category_id?: unknown;
  iscrowd?: unknown;
  object_ids?: unknown;
}

interface PanopticDocument {
  images: { id?: unknown; file_name?: unknown; width?: unknown; height?: unknown }[];
  annotations: { image_id?: unknown; file_name?: unknown; segments_info?: unknown }[];
  categories: { id?: unknown; name?: unknown; isthing?: unknown }[];
}

const whole = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;

export const decodeCocoPanoptic: AnnotationDecoder = (files, context) => {
  const pngs = new Map(files.filter((f) => /\.png$/i.test(f.path)).map((f) => [f.path, f]));
  const findPng = shippedFinder(pngs.keys());
  return decodeJsonDocuments(files, format, (file, parsed, { items, refusals, warnings }) => {
    const document = withLists<PanopticDocument>(parsed, ['images', 'annotations', 'categories']);
    if (typeof document === 'string') return document;
    const categories = new Map(document.categories.flatMap((c) => (typeof c?.name === 'string' ? [[c.id, { name: c.name, thing: c.isthing === 1 || c.isthing === true }] as const] : [])));
    const images = new Map(document.images.map((image) => [image?.id, image]));
    // COCO keeps the PNGs in a folder named after the document (panoptic_val2017/), the exports in panoptic/.
    const folders = [stemOf(file.path), `${file.path.slice(0, file.path.lastIndexOf('/') + 1)}panoptic`, 'panoptic'];
    const pngOf = (name: string) => folders.map((folder) => findPng(`${folder}/${name}`)).find((path) => path) ?? findPng(name);
    const byItem = new Map<string, { item: DecodedItem; refused: boolean }>();
    const frameByName = framesByName(document.images.map((image) => (typeof image?.file_name === 'string' ? image.file_name : '')));

    document.annotations.forEach((annotation, index) => {
      const source = `${file.path} annotations[${index}]`;
      const image = images.get(annotation?.image_id);
      if (!image) return warnings.push({ source, reasonKey: importWarnings.noImage, params: { value: String(annotation?.image_id) } });
      const named = typeof image.file_name === 'string' ? image.file_name : null;
      const entryOf = (place: MaskPlace) => {
        const entry = byItem.get(place.itemName) ?? { item: { fileName: place.itemName, source, objects: [] }, refused: false };
        byItem.set(place.itemName, entry);
        return entry;
      };
      if (!named || typeof annotation.file_name !== 'string' || !Array.isArray(annotation.segments_info)) {
        // A sequence's other frames are not written without this one.
        if (named) entryOf(placeOf(named, '', context, frameByName)).refused = true;
        return refusals.push({ source, reasonKey: importReasons.malformed, params: { format, detail: importDetails.panopticAnnotation } });
      }
      const place = placeOf(named, annotation.file_name, context, frameByName);
      const entry = entryOf(place);
      const path = pngOf(annotation.file_name);
      if (!path) {
        entry.refused = true;
        return refusals.push({ source, reasonKey: importReasons.pngMissing, params: { value: annotation.file_name } });
      }
      const listed = whole(image.width) && whole(image.height) ? { name: named, width: image.width, height: image.height } : itemSize(place, context);
      const raster = readMaskPng(path, pngs.get(path)!.content, context, listed, refusals);
      if (!raster) return void (entry.refused = true);
      const objects = segmentObjects(annotation.segments_info as PanopticSegment[], source, categories, refusals);
      if (!objects) return void (entry.refused = true);
      const keys = colourKeysOf(raster);
      // Each pixel's object: segments of one stuff class share theirs.
      const objectOfSegment = new Map(objects.flatMap((object, i) => object.segments.map((id) => [id, i + 1] as const)));
      const unlisted = new Set<number>();
      for (let offset = 0; offset < keys.length; offset++) {
        const key = keys[offset];
        if (key === 0) continue;
        const object = objectOfSegment.get(key);
        if (object === undefined) unlisted.add(key);
        keys[offset] = object ?? 0;
      }
      for (const id of [...unlisted].sort((a, b) => a - b)) warnings.push({ source: path, reasonKey: importWarnings.segmentUnlisted, params: { value: id } });
      const masks = masksOfKeys(raster.width, raster.height, keys);
      objects.forEach((object, i) => {
        const shape = masks.get(i + 1);
        if (!shape) return;
        entry.item.objects.push({ ...object.read, shape, frame: place.frame });
      });
    });
    for (const { item, refused } of byItem.values()) if (!refused) items.push(item);
  });
};

type SegmentObject = { segments: number[]; read: Omit<DecodedObject, 'shape' | 'frame'> };

/** The objects a frame's segments_info lists: a thing segment each, a stuff class once; null where a category is unknown. */
function segmentObjects(segments: PanopticSegment[], source: string, categories: Map<unknown, { name: string; thing: boolean }>, refusals: DecodeRefusal[]): SegmentObject[] | null {
  const objects: SegmentObject[] = [];
  const stuff = new Map<string, SegmentObject>();
  let known = true;
  segments.forEach((segment, index) => {
    const where = `${source} segments_info[${index}]`;
    const category = categories.get(segment?.category_id);
    if (!category || !whole(segment.id)) {
      known = false;
      if (!whole(segment?.id)) return refusals.push({ source: where, reasonKey: importReasons.malformed, params: { format, detail: importDetails.panopticAnnotation } });
      return refusals.push({ source: where, reasonKey: importReasons.unknownClass, params: { value: String(segment.category_id) } });
    }
    const [objectId] = Array.isArray(segment.object_ids) ? segment.object_ids.filter((id): id is string => typeof id === 'string' && id !== '') : [];
    const attributes: AttributeValues = segment.iscrowd === 1 ? { iscrowd: '1' } : {};
    const shared = category.thing ? undefined : stuff.get(category.name);
    if (shared) return shared.segments.push(segment.id);
    const object: SegmentObject = {
      segments: [segment.id],
      read: { source: where, className: category.name, attributes, id: objectId ?? (category.thing ? `${category.name}-${segment.id}` : category.name), optional: importWarnings.ignoreRegion },
    };
    if (!category.thing) stuff.set(category.name, object);
    objects.push(object);
  });
  return known ? objects : null;
}

/** Where an annotation's masks go: a COCO "#<frame>" image, the exports' "<item>/<frame>" PNG, a sequence's frame, or the image itself. */
function placeOf(imageName: string, pngName: string, context: DecodeContext, frameByName: (name: string) => MaskPlace): MaskPlace {
  const hash = /^(.*)#(\d+)$/.exec(imageName);
  if (hash) return { itemName: hash[1], frame: Number(hash[2]) };
  const exported = placeOfStem(stemOf(pngName), context);
  if (exported.itemName !== stemOf(pngName)) return exported;
  const folder = imageName.slice(0, Math.max(0, imageName.lastIndexOf('/')));
  return folder && (context.itemOf?.(folder)?.frameCount ?? 0) > 1 ? frameByName(imageName) : { itemName: imageName, frame: 0 };
}

/** A foreign sequence's frame: its image's place by name among the document's images of its folder, as the import orders frames. */
function framesByName(names: string[]): (name: string) => MaskPlace {
  const folders = new Map<string, string[]>();
  for (const name of names) {
    const folder = name.slice(0, Math.max(0, name.lastIndexOf('/')));
    folders.set(folder, [...(folders.get(folder) ?? []), name]);
  }
  for (const list of folders.values()) list.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return (name) => {
    const folder = name.slice(0, Math.max(0, name.lastIndexOf('/')));
    return { itemName: folder, frame: folders.get(folder)?.indexOf(name) ?? 0 };
  };
}
