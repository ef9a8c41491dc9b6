// An annotation upload through the input gate: a text file that is not storable text (or a JSON file nested too deep)
// is refused on its own, and so is a decoded item holding text PostgreSQL would refuse (an XML entity for NUL).
import { isStorable, textOf, valueRefusal, type InputRefusal } from '../shared/input-checks';
import type { AnnotationDecoder, DecodeContext, DecodeOutcome, DecodeRefusal, ImportedFile } from './format';

/** The files a decoder reads as text; the others (point clouds, masks) are binary and read by their own layout. */
const textFile = /\.(jsonl?|txt|xml|csv|ya?ml|names)$/i;

/** Whether a file of an upload is an annotation file read as text (and no picture, video or point cloud). */
export const isAnnotationText = (path: string): boolean => textFile.test(path);

/**
 * Files an archive or a folder carries that are not data: macOS resource forks, hidden files and folders (a Datumaro
 * project's `.datumaro/` and `.dvc/`, a `.git/`). Every import leaves them out. `.` and `..` are steps of a path, not
 * hidden names: a path that climbs is left to the gate that refuses it.
 */
export const isHiddenPath = (name: string): boolean =>
  name.split('/').some((part) => (part.startsWith('.') && part !== '.' && part !== '..') || part === '__MACOSX');

/** A picture or a video: what an export with its images ships beside its annotation files. */
export const isShippedMedia = (path: string): boolean => /\.(png|jpe?g|bmp|gif|webp|tiff?|mp4|mov|mkv|webm)$/i.test(path);

/** The formats whose annotations are painted PNGs. */
const paintedFormats: readonly string[] = ['coco_panoptic', 'masks'];

/**
 * Whether a file of an upload in the format is one of its annotation files: a text file, in a mask format a PNG
 * outside the folders where exports and VOC keep their pictures (images/, JPEGImages/), and in Datumaro a mask of
 * Datumaro 0.1 (annotations/masks/<id>.png).
 */
export const isAnnotationFileOf = (format: string, path: string): boolean =>
  isAnnotationText(path) ||
  (paintedFormats.includes(format) && /\.png$/i.test(path) && !/(^|\/)(images|JPEGImages)\//.test(path)) ||
  (format === 'datumaro' && /(^|\/)annotations\/masks\/\d+\.png$/i.test(path));

/** A picture or a video an upload in the format ships beside its annotation files. */
export const isShippedMediaOf = (format: string, path: string): boolean => isShippedMedia(path) && !isAnnotationFileOf(format, path);

const refusalOf = (source: string, refused: InputRefusal): DecodeRefusal => ({ source, reasonKey: refused.messageKey, params: { ...refused.params, field: refused.field } });

function gateFile(file: ImportedFile): InputRefusal | null {
  if (!textFile.test(file.path)) return null;
  const read = textOf(file.content, file.path);
  if ('refused' in read) return read.refused;
  return file.path.toLowerCase().endsWith('.json') ? documentRefusal(read.text, file.path) : null;
}

/**
 * A JSON document's lists (COCO's images and annotations, a Label Studio export's tasks) hold a data set's entries by
 * the million, as many as the upload's size allows: each entry, and each other value, is held to a request body's
 * bounds on its own. A file that is no JSON at all stays the decoder's to refuse, in the words of its format.
 */
function documentRefusal(text: string, field: string): InputRefusal | null {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return null;
  }
  const parts: [string, unknown][] = Array.isArray(document) ? [[field, document]] : document && typeof document === 'object' ? Object.entries(document).map(([key, value]) => [`${field}.${key}`, value]) : [];
  if (parts.length === 0) return valueRefusal(document, field);
  for (const [path, value] of parts) {
    if (!isStorable(path)) return { field, messageKey: 'validation.invalid_characters', params: {} };
    const entries = Array.isArray(value) ? value.map((entry, i) => [`${path}.${i}`, entry] as const) : [[path, value] as const];
    for (const [entryPath, entry] of entries) {
      const refused = valueRefusal(entry, entryPath);
      if (refused) return refused;
    }
  }
  return null;
}

/** The decoder's outcome over the files that pass the gate, with one refusal per file or item that does not. */
export function decodeThroughGate(decoder: AnnotationDecoder, files: ImportedFile[], context: DecodeContext): DecodeOutcome {
  const refusals: DecodeRefusal[] = [];
  const passed = files.filter((file) => {
    const refused = gateFile(file);
    if (refused) refusals.push(refusalOf(file.path, refused));
    return !refused;
  });
  const decoded: DecodeOutcome = passed.length > 0 || files.length === 0 ? decoder(passed, context) : { items: [], refusals: [] };
  const items = decoded.items.filter((item) => {
    const refused = valueRefusal(item, item.source);
    if (refused) refusals.push(refusalOf(item.source, refused));
    return !refused;
  });
  return { items, refusals: [...refusals, ...decoded.refusals], warnings: decoded.warnings ?? [] };
}
