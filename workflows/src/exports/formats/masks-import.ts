// Per-class PNG masks read back, in two layouts: the exports' masks/<stem>/<class>.png (8-bit grey, painted where not 0)
// with masks/classes.txt naming the classes, and VOC's SegmentationClass/<stem>.png whose colours are the classes of
// labelmap.txt (as CVAT and Datumaro write it) or of VOC's own 21-class palette, black the background and VOC's cream
// border (224, 224, 192) unpainted. Neither layout keeps instances apart: each class on a frame is one object named
// after its class, on a sequence one track of that name.
import type { MaskShape } from '../../items/result.schema';
import { type AnnotationDecoder, type DecodedItem, type DecodeRefusal, type DecodeWarning, importDetails, importReasons, importWarnings, type ImportedFile } from '../format';
import { isAnnotationFileOf } from '../import-gate';
import { itemSize, placeOfStem, readMaskPng } from './mask-files';
import { classFileName } from './masks-frames';
import { colourKeysOf, colourOfKey, keyOfColour, masksOfKeys } from './png-masks';

const format = 'PNG masks';

/** VOC 2012's classes in palette order, index 0 the background. */
const vocClasses = ['background', 'aeroplane', 'bicycle', 'bird', 'boat', 'bottle', 'bus', 'car', 'cat', 'chair', 'cow', 'diningtable', 'dog', 'horse', 'motorbike', 'person', 'pottedplant', 'sheep', 'sofa', 'train', 'tvmonitor'];

/** VOC's palette colour of a class index: the index's bits spread over the channels, most significant first. */
function vocColour(index: number): number {
  let [r, g, b] = [0, 0, 0];
  for (let j = 0, c = index; j < 8; j++, c >>= 3) {
    r |= ((c >> 0) & 1) << (7 - j);
    g |= ((c >> 1) & 1) << (7 - j);
    b |= ((c >> 2) & 1) << (7 - j);
  }
  return keyOfColour(r, g, b);
}

const border = keyOfColour(224, 224, 192);
const background = 'background';

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1).toLowerCase();

/** classes.txt's names by the file name each one's mask has. */
function classFiles(files: ImportedFile[]): Map<string, string> {
  const names = files.filter((f) => baseName(f.path) === 'classes.txt').flatMap((f) => f.content.toString('utf8').split(/\r?\n/).map((n) => n.trim()).filter((n) => n !== ''));
  return new Map(names.map((name) => [classFileName(name), name]));
}

/** The class of each colour: labelmap.txt's lines ("name:r,g,b:parts:actions"), else VOC's palette. */
function colourClasses(files: ImportedFile[], refusals: DecodeRefusal[]): Map<number, string> {
  const table = files.find((f) => baseName(f.path) === 'labelmap.txt');
  if (!table) return new Map(vocClasses.map((name, index) => [vocColour(index), name]));
  const classes = new Map<number, string>();
  table.content.toString('utf8').split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === '' || line.trim().startsWith('#')) return;
    const [name, colour] = line.split(':');
    const channels = (colour ?? '').split(',').map((c) => Number(c.trim()));
    if (!name?.trim() || channels.length !== 3 || !channels.every((c) => Number.isInteger(c) && c >= 0 && c <= 255)) {
      return refusals.push({ source: `${table.path}:${index + 1}`, reasonKey: importReasons.malformed, params: { format, detail: importDetails.labelmapLine } });
    }
    classes.set(keyOfColour(channels[0], channels[1], channels[2]), name.trim());
  });
  return classes;
}

export const decodeMasks: AnnotationDecoder = (files, context) => {
  const refusals: DecodeRefusal[] = [];
  const warnings: DecodeWarning[] = [];
  const pngs = files.filter((f) => /\.png$/i.test(f.path) && isAnnotationFileOf('masks', f.path) && !/(^|\/)SegmentationObject\//.test(f.path)).sort((a, b) => (a.path < b.path ? -1 : 1));
  if (pngs.length === 0) return { items: [], refusals: [{ source: files[0]?.path ?? '-', reasonKey: importReasons.noFiles }] };
  const classNames = classFiles(files);
  const colours = colourClasses(files, refusals);
  const items = new Map<string, { item: DecodedItem; refused: boolean }>();
  for (const file of pngs) {
    const voc = /(?:^|\/)SegmentationClass\/(.+)\.png$/i.exec(file.path);
    const inside = file.path.replace(/^(?:.*\/)?masks\//, '');
    const slash = inside.lastIndexOf('/');
    if (!voc && slash < 0) {
      refusals.push({ source: file.path, reasonKey: importReasons.malformed, params: { format, detail: importDetails.masksLayout } });
      continue;
    }
    const place = placeOfStem(voc ? voc[1] : inside.slice(0, slash), context);
    const entry = items.get(place.itemName) ?? { item: { fileName: place.itemName, source: file.path, objects: [] }, refused: false };
    items.set(place.itemName, entry);
    const raster = readMaskPng(file.path, file.content, context, itemSize(place, context), refusals);
    if (!raster) {
      entry.refused = true;
      continue;
    }
    const painted = (className: string, shape: MaskShape | undefined) => {
      if (shape) entry.item.objects.push({ source: file.path, className, shape, attributes: {}, id: className, frame: place.frame, optional: importWarnings.ignoreRegion });
    };
    const keys = colourKeysOf(raster);
    if (!voc) {
      for (let offset = 0; offset < keys.length; offset++) keys[offset] = keys[offset] === 0 ? 0 : 1;
      const classFile = inside.slice(slash + 1, -'.png'.length);
      painted(classNames.get(classFile) ?? classFile, masksOfKeys(raster.width, raster.height, keys).get(1));
      continue;
    }
    // Each colour's class by its place in a list of the classes met, so two colours of one class paint one mask.
    const classes: string[] = [];
    const unlisted = new Set<number>();
    const labelOf = new Map<number, number>();
    for (let offset = 0; offset < keys.length; offset++) {
      const key = keys[offset];
      let label = labelOf.get(key);
      if (label === undefined) {
        const name = colours.get(key);
        if (key !== 0 && key !== border && name === undefined) unlisted.add(key);
        label = key === 0 || key === border || name === undefined || name === background ? 0 : classes.includes(name) ? classes.indexOf(name) + 1 : classes.push(name);
        labelOf.set(key, label);
      }
      keys[offset] = label;
    }
    for (const key of unlisted) warnings.push({ source: file.path, reasonKey: importWarnings.colourUnlisted, params: { value: colourOfKey(key) } });
    const masks = masksOfKeys(raster.width, raster.height, keys);
    classes.forEach((className, i) => painted(className, masks.get(i + 1)));
  }
  return { items: [...items.values()].filter((e) => !e.refused).map((e) => e.item), refusals, warnings };
};
