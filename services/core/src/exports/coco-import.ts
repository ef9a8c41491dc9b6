// A COCO upload imported as a stream. Each file is parsed once: every entry through the gate, its images and
// categories read, how many annotations each image has counted, and its annotations kept in a spill on local disk
// (entry-spill.ts), since a file may list its categories after them. The spill is then read twice: its annotations
// checked, each item decoded, matched and validated as soon as its image's last annotation is read, and nothing
// written; then, where the mode lets anything be written, the same again, each chunk of items written as it fills, so
// a refused line still leaves nothing written. Memory holds the images, what is said of the lines, and the items whose
// annotations are still being read: one at a time for files in image order, as COCO, CVAT and Datumaro write them.
// Every line is said as the whole-document decoder says it (coco-reading.ts does both).
import type { Readable } from 'node:stream';
import {
  type CocoAnnotation,
  type CocoCategory,
  type CocoImage,
  cocoLists,
  CocoReading,
  type DecodedItem,
  type DecodeOutcome,
  type DecodeRefusal,
  type DecodeWarning,
  type ImportMatch,
  importMatcher,
  type ImportTarget,
  importReasons,
  type InputRefusal,
  isStorable,
  jsonFaultDetail,
  JsonFaultFinder,
  type MatchedItem,
  missingLists,
  noteDropped,
  type ResultTool,
  valueRefusal,
} from '@annot/workflows';
import { type CocoWalk, NotAnObject, NotText, walkCoco } from './coco-stream';
import { EntrySpill } from './entry-spill';

/** An annotation file read as a stream: a file of an extracted upload, or one sent in a request. */
export interface StreamedAnnotationFile {
  path: string;
  size: number;
  open(): Promise<Readable>;
}

export interface CocoImportEnvironment {
  targets: ImportTarget[];
  tools: ResultTool[];
  mode: 'all' | 'good';
  /** Items matched and checked per chunk, and written per chunk. */
  chunkSize: number;
  /** Writes a chunk of items; `start` counts the items written before it in this import. */
  write(items: MatchedItem[], start: number): Promise<void>;
  /** How far the import has got, 0 to 1. */
  progress(share: number): Promise<void>;
}

export interface CocoImportOutcome {
  written: boolean;
  items: number;
  objects: number;
  refusals: DecodeRefusal[];
  warnings: DecodeWarning[];
  dropped: { files: string[]; objects: string[] };
}

/** A file the gate refuses whole: its text, or one of its entries, is not what a request body may hold. */
class FileRefused extends Error {
  constructor(readonly refusal: DecodeRefusal) {
    super(refusal.reasonKey);
  }
}

const gateRefusal = (path: string, refused: InputRefusal): DecodeRefusal => ({ source: path, reasonKey: refused.messageKey, params: { ...refused.params, field: refused.field } });
const malformed = (path: string, detail: string): DecodeRefusal => ({ source: path, reasonKey: importReasons.malformed, params: { format: 'COCO', detail } });

/** What the walks learn of one file. */
class CocoFile {
  readonly reading: CocoReading;
  /** The file's items, in the order of its images. */
  readonly items: DecodedItem[] = [];
  /** Annotations per image id, as the first walk counted them. */
  readonly counts = new Map<unknown, number>();
  readonly gate: DecodeRefusal[] = [];
  readonly said = { refusals: [] as DecodeRefusal[], warnings: [] as DecodeWarning[] };
  readonly matched = { refusals: [] as DecodeRefusal[], warnings: [] as DecodeWarning[] };
  refused: DecodeRefusal | null = null;

  constructor(
    readonly file: StreamedAnnotationFile,
    /** The file's annotations, each through the gate, as the parse read them. */
    readonly annotations: EntrySpill,
  ) {
    this.reading = new CocoReading(file.path);
  }

  /** A refused line of the file refuses its items, as in the whole-document import. */
  get linesRefused(): boolean {
    return this.gate.length + this.said.refusals.length > 0;
  }

  /** An entry held to a request body's bounds, or the file refused. */
  check(key: string, index: number, value: unknown): void {
    const path = this.file.path;
    if (!isStorable(key)) throw new FileRefused(gateRefusal(path, { field: path, messageKey: 'validation.invalid_characters', params: {} }));
    const refused = valueRefusal(value, index < 0 ? `${path}.${key}` : `${path}.${key}.${index}`);
    if (refused) throw new FileRefused(gateRefusal(path, refused));
  }
}

/**
 * What a chunk may hold, counting each object and each point of its shape (a mask's runs as points): a data set of
 * large polygons fills it with a few items, one of boxes with the item count's worth.
 */
const chunkWeight = 100_000;

function weightOf(item: DecodedItem): number {
  let weight = 0;
  for (const { shape } of item.objects) weight += 1 + ('points' in shape ? shape.points.length : 'counts' in shape ? shape.counts.length : 0);
  return weight;
}

/** One walk over the annotations: items handed on, a chunk at a time, as their last annotation is read. */
class AnnotationWalk {
  private readonly left: Map<unknown, number>;
  private ready: DecodedItem[] = [];
  private weights: number[] = [];
  private weight = 0;

  constructor(
    private readonly coco: CocoFile,
    private readonly chunkSize: number,
    private readonly read_: (bytes: number) => void,
    private readonly handle: (items: DecodedItem[]) => Promise<void> | void,
  ) {
    this.left = new Map(coco.counts);
    for (const item of coco.items) item.objects = [];
    // Images without annotations are items of no objects, ready at once.
    for (const item of coco.items) if (!this.left.get(imageIdOf(coco, item))) this.add(item);
  }

  private add(item: DecodedItem): void {
    const weight = weightOf(item);
    this.ready.push(item);
    this.weights.push(weight);
    this.weight += weight;
  }

  /** The next chunk: up to chunkSize items within chunkWeight, at least one. */
  private take(): DecodedItem[] {
    let count = 0;
    let weight = 0;
    while (count < this.ready.length && count < this.chunkSize && (count === 0 || weight + this.weights[count] <= chunkWeight)) weight += this.weights[count++];
    this.weights.splice(0, count);
    this.weight -= weight;
    return this.ready.splice(0, count);
  }

  entry(index: number, value: unknown): void {
    const annotation = value as CocoAnnotation;
    const item = this.coco.reading.annotation(annotation, index, this.coco.said);
    const id = annotation?.image_id;
    if (!this.coco.reading.holds(id)) return;
    const left = (this.left.get(id) ?? 1) - 1;
    this.left.set(id, left);
    if (left === 0) this.add(item ?? this.coco.reading.itemOf(id)!);
  }

  read(bytes: number): void {
    this.read_(bytes);
  }

  /** Hands on the chunks filled; `all` also what is left, once the file is read. */
  async drain(all = false): Promise<void> {
    while (this.ready.length >= this.chunkSize || this.weight >= chunkWeight || (all && this.ready.length > 0)) {
      const chunk = this.take();
      await this.handle(chunk);
      // The objects are written or said: they need not be held any longer.
      for (const item of chunk) item.objects = [];
    }
  }
}

const imageIdOf = (coco: CocoFile, item: DecodedItem): unknown => coco.reading.imageIdOf(item);

/** The walks' shares of the work, by bytes of the file: parsing costs more than checking, writing most. */
const walkWeights = { parse: 2, check: 1, write: 3 };

/** How far the walks have got over all the files, told as whole percents. */
class WalkProgress {
  private readonly total: number;
  private done = 0;
  private reading = 0;
  private said = -1;

  constructor(
    files: StreamedAnnotationFile[],
    private readonly tell: (share: number) => Promise<void>,
  ) {
    this.total = files.reduce((sum, f) => sum + f.size, 0) * (walkWeights.parse + walkWeights.check + walkWeights.write) || 1;
  }

  /** Hears the bytes of a file a walk of this weight has got through. */
  walked(weight: number): (bytes: number) => void {
    return (bytes) => {
      this.reading = bytes * weight;
    };
  }

  async tick(): Promise<void> {
    const percent = Math.min(100, Math.floor(((this.done + this.reading) / this.total) * 100));
    if (percent === this.said) return;
    this.said = percent;
    await this.tell(percent / 100);
  }

  /** A walk of this weight has got through the whole file. */
  async settle(file: StreamedAnnotationFile, weight: number): Promise<void> {
    this.done += file.size * weight;
    this.reading = 0;
    await this.tick();
  }
}

export async function importCocoStreamed(files: StreamedAnnotationFile[], environment: CocoImportEnvironment): Promise<CocoImportOutcome> {
  const cocos: CocoFile[] = [];
  try {
    for (const file of files) cocos.push(new CocoFile(file, await EntrySpill.create()));
    return await importFiles(cocos, environment, new WalkProgress(files, environment.progress));
  } finally {
    await Promise.all(cocos.map((coco) => coco.annotations.remove()));
  }
}

async function importFiles(cocos: CocoFile[], environment: CocoImportEnvironment, progress: WalkProgress): Promise<CocoImportOutcome> {
  const { targets, tools, mode, chunkSize } = environment;
  // The batch's items are looked up by name once for the whole import, not once a chunk.
  const match = importMatcher(targets, tools);
  const tick = () => progress.tick();
  for (const coco of cocos) {
    await parseFile(coco, progress.walked(walkWeights.parse), tick);
    await progress.settle(coco.file, walkWeights.parse);
    if (coco.refused) continue;
    await replay(coco, new AnnotationWalk(coco, chunkSize, progress.walked(walkWeights.check), (items) => check(coco, items, match)), tick);
    await progress.settle(coco.file, walkWeights.check);
  }

  const kept = cocos.filter((coco) => !coco.refused);
  const refusals = [...cocos.flatMap((c) => (c.refused ? [c.refused] : c.gate)), ...kept.flatMap((c) => c.said.refusals), ...kept.flatMap((c) => c.matched.refusals)];
  const warnings = [...kept.flatMap((c) => c.said.warnings), ...kept.flatMap((c) => c.matched.warnings)];
  const dropped = { files: new Set<string>(), objects: new Set<string>() };
  noteDropped({ refusals: cocos.flatMap((c) => (c.refused ? [c.refused] : [...c.gate, ...c.said.refusals])), warnings: kept.flatMap((c) => c.said.warnings) }, dropped);
  const outcome = (written: boolean, items: number, objects: number): CocoImportOutcome => ({ written, items, objects, refusals, warnings, dropped: { files: [...dropped.files], objects: [...dropped.objects] } });
  if (mode === 'all' && refusals.length > 0) {
    await environment.progress(1);
    return outcome(false, 0, 0);
  }

  let items = 0;
  let objects = 0;
  for (const coco of kept) {
    // A file with a refused line writes none of its items: this walk only lists what they drop.
    const write = async (decoded: DecodedItem[]) => {
      const matched = match({ items: decoded, refusals: coco.linesRefused ? [{ source: coco.file.path, reasonKey: importReasons.malformed }] : [] });
      matched.dropped.files.filter((file) => file !== coco.file.path).forEach((file) => dropped.files.add(file));
      matched.dropped.objects.forEach((object) => dropped.objects.add(object));
      if (matched.items.length === 0) return;
      await environment.write(matched.items, items);
      items += matched.items.length;
      objects += matched.items.reduce((sum, item) => sum + item.result.objects.length, 0);
    };
    await replay(coco, new AnnotationWalk(coco, chunkSize, progress.walked(walkWeights.write), write), tick);
    await progress.settle(coco.file, walkWeights.write);
  }
  await environment.progress(1);
  return outcome(items > 0, items, objects);
}

/** The parse: images and categories read, each image's annotations counted and kept, every entry through the gate. */
function parseWalk(coco: CocoFile, read: (bytes: number) => void): CocoWalk {
  return {
    entry(key, index, value) {
      coco.check(key, index, value);
      if (index < 0) return;
      if (key === 'images') {
        const item = coco.reading.image(value as CocoImage, index, coco.said);
        if (item) coco.items.push(item);
      } else if (key === 'categories') coco.reading.category(value as CocoCategory);
      else if (key === 'annotations') {
        const id = imageIdNamed(value);
        coco.counts.set(id, (coco.counts.get(id) ?? 0) + 1);
        coco.annotations.add(value);
      }
    },
    read,
  };
}

/** The image id an annotation names, where it is an object naming one. */
const imageIdNamed = (value: unknown): unknown => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as { image_id?: unknown }).image_id : undefined);

/** Entries of the spill handed to a walk between its drains. */
const entriesPerDrain = 1024;

/** One walk of a file's annotations, read back from its spill, with the share of the file it stands for. */
async function replay(coco: CocoFile, walk: AnnotationWalk, tick: () => Promise<void>): Promise<void> {
  const { characters } = coco.annotations.size;
  let index = 0;
  for await (const { value, read } of coco.annotations.entries()) {
    walk.entry(index++, value);
    if (index % entriesPerDrain === 0) {
      walk.read(Math.floor((read / characters) * coco.file.size));
      await walk.drain();
      await tick();
    }
  }
  await walk.drain(true);
}

/** Matches and validates a chunk without writing it: what the matching says joins the file's lines. */
function check(coco: CocoFile, decoded: DecodedItem[], match: (outcome: DecodeOutcome) => ImportMatch): void {
  const passed = decoded.filter((item) => {
    const refused = valueRefusal(item, item.source);
    if (refused) coco.gate.push(gateRefusal(item.source, refused));
    return !refused;
  });
  const matched = match({ items: passed, refusals: [] });
  coco.matched.refusals.push(...matched.refusals);
  coco.matched.warnings.push(...matched.warnings);
}

/** The parse of a file; a file that is no COCO document, or that the gate refuses, is refused with where and why. */
async function parseFile(coco: CocoFile, read: (bytes: number) => void, tick: () => Promise<void>): Promise<void> {
  const { path } = coco.file;
  try {
    const lists = await walkCoco(await coco.file.open(), parseWalk(coco, read), async () => {
      await coco.annotations.drained();
      await tick();
    });
    await coco.annotations.close();
    const missing = cocoLists.filter((list) => !lists.has(list));
    if (missing.length > 0) coco.refused = malformed(path, missingLists(missing));
  } catch (error) {
    if (error instanceof FileRefused) coco.refused = error.refusal;
    else if (error instanceof NotText) coco.refused = gateRefusal(path, { field: path, messageKey: 'validation.invalid_characters', params: {} });
    else if (error instanceof NotAnObject) coco.refused = malformed(path, missingLists(cocoLists));
    else if (error instanceof Error && !isIoError(error)) coco.refused = malformed(path, await syntaxDetail(coco.file));
    else throw error;
  }
}

/**
 * Where a file's JSON breaks, with its line and column, found by reading the file again as a stream through a strict
 * reader that holds only its nesting: a file of any size says it in the reader's language, never in the streaming
 * parser's English.
 */
async function syntaxDetail(file: StreamedAnnotationFile): Promise<string> {
  const finder = new JsonFaultFinder();
  const decoder = new TextDecoder('utf-8');
  const source = await file.open();
  try {
    for await (const chunk of source) if (!finder.feed(decoder.decode(chunk as Buffer, { stream: true }))) break;
    finder.feed(decoder.decode());
  } finally {
    source.destroy();
  }
  const end = finder.end();
  return jsonFaultDetail(end ?? { line: 1, column: 1 });
}

/** A failure to read the file itself (a vanished object, a broken disk) is the job's to retry, not the file's to be refused for. */
const isIoError = (error: Error): boolean => typeof (error as NodeJS.ErrnoException).code === 'string' || error.name === 'AbortError';
