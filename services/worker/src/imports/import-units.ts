// What one data item of an import is made of, by the project's annotation type: a file (a picture), a folder of
// images (a continuous-frame sequence, MOTChallenge's layout among them), a video file or a point-cloud folder; files
// that fit none are refused by name.
import path from 'node:path';
import { type AnnotationType, type SeqInfo, textOf, videoExtensions } from '@annot/workflows';
import type { SourceFile } from './import-source';
import { extensionOf } from './media-probe';
import { isPointCloudType, type PointCloudUnit, planPointClouds } from './point-cloud-units';

/** The file in a sequence's folder that orders its frames by time: one "<file name> <seconds>" per line. */
export const timestampsFileName = 'timestamps.txt';

/** The file that makes its folder one MOTChallenge sequence: <seq>/seqinfo.ini, frames in <seq>/<imDir>, ground truth in <seq>/gt/. */
export const seqinfoFileName = 'seqinfo.ini';

/** The files of a MOTChallenge sequence's gt/ folder that its ground truth is read from. */
const truthFiles = ['gt.txt', 'labels.txt', 'tracks.json'];

export type ImportUnit =
  | { kind: 'picture'; name: string; file: SourceFile }
  /**
   * `frames` in name order; `timestamps` orders them instead where the folder has one. A MOTChallenge sequence has
   * its frame rate from seqinfo.ini and its ground truth files from gt/.
   */
  | { kind: 'sequence'; name: string; frames: SourceFile[]; timestamps: SourceFile | null; frameRate?: number | null; truth?: SourceFile[] }
  | { kind: 'video'; name: string; file: SourceFile }
  | PointCloudUnit;

export interface ImportPlan {
  units: ImportUnit[];
  /** Files no item can hold in this project, refused with a message key. */
  refused: { name: string; reasonKey: string }[];
  /** Files left out of every item on purpose, said in the import's report with a message key. */
  skipped: { name: string; reasonKey: string }[];
}

const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Groups the listed files into items. A picture project keeps one item per file; a continuous-frame project
 * makes each folder one item (files at the root form one named `rootName`); a video project makes each video
 * file one item and refuses the rest; a point-cloud project follows its upload layout (see planPointClouds). Units
 * come in name order, so a re-run plans the same items.
 */
export function planImport(files: SourceFile[], annotationType: AnnotationType | null, rootName: string, sequences: Map<string, SeqInfo> = new Map()): ImportPlan {
  if (isPointCloudType(annotationType)) return { skipped: [], ...planPointClouds(files, rootName) };
  if (annotationType === 'video') {
    const units: ImportUnit[] = [];
    const refused: ImportPlan['refused'] = [];
    for (const file of files) {
      if ((videoExtensions as readonly string[]).includes(extensionOf(file.name))) units.push({ kind: 'video', name: file.name, file });
      else refused.push({ name: file.name, reasonKey: 'batches.reason_not_video' });
    }
    return { units: units.sort((a, b) => byName(a.name, b.name)), refused, skipped: [] };
  }
  if (annotationType === 'picture_continuous_frame') {
    const { units, skipped, rest } = planMotSequences(files, sequences, rootName);
    const folders = new Map<string, SourceFile[]>();
    for (const file of rest) {
      const folder = path.posix.dirname(file.name);
      const list = folders.get(folder) ?? [];
      list.push(file);
      folders.set(folder, list);
    }
    for (const [folder, list] of folders) {
      const timestamps = list.find((file) => path.posix.basename(file.name) === timestampsFileName) ?? null;
      const frames = list.filter((file) => file !== timestamps).sort((a, b) => byName(a.name, b.name));
      units.push({ kind: 'sequence', name: folder === '.' ? rootName : folder, frames, timestamps });
    }
    return { units: units.sort((a, b) => byName(a.name, b.name)), refused: [], skipped };
  }
  return { units: files.map((file) => ({ kind: 'picture', name: file.name, file })), refused: [], skipped: [] };
}

/**
 * The MOTChallenge sequences of an upload, by the folders whose seqinfo.ini was read: each is one item named after
 * its folder, its frames those of its imDir, its ground truth gt/gt.txt (with labels.txt and tracks.json where
 * present). Its other files (detections, other folders) are skipped and said; files outside every sequence are `rest`.
 */
function planMotSequences(files: SourceFile[], sequences: Map<string, SeqInfo>, rootName: string): { units: ImportUnit[]; skipped: ImportPlan['skipped']; rest: SourceFile[] } {
  const units = new Map<string, Extract<ImportUnit, { kind: 'sequence' }>>();
  const skipped: ImportPlan['skipped'] = [];
  const rest: SourceFile[] = [];
  // The deepest sequence folder holding the file, '.' for the upload's root.
  const folderOf = (name: string) => [...sequences.keys()].filter((folder) => folder === '.' || name.startsWith(`${folder}/`)).sort((a, b) => b.length - a.length)[0];
  for (const file of files) {
    const folder = folderOf(file.name);
    if (folder === undefined) {
      rest.push(file);
      continue;
    }
    const info = sequences.get(folder)!;
    const inner = folder === '.' ? file.name : file.name.slice(folder.length + 1);
    const unit = units.get(folder) ?? { kind: 'sequence', name: folder === '.' ? rootName : folder, frames: [], timestamps: null, frameRate: info.frameRate, truth: [] };
    units.set(folder, unit);
    if (inner === seqinfoFileName) continue;
    if (path.posix.dirname(inner) === info.imDir.replace(/^\.\/|\/+$/g, '')) unit.frames.push(file);
    else if (path.posix.dirname(inner) === 'gt' && truthFiles.includes(path.posix.basename(inner))) unit.truth!.push(file);
    else skipped.push({ name: file.name, reasonKey: 'batches.note_not_in_sequence' });
  }
  for (const unit of units.values()) unit.frames.sort((a, b) => byName(a.name, b.name));
  return { units: [...units.values()], skipped, rest };
}

/**
 * The seconds of each frame named in a timestamp file, or null when it is not storable text (the input gate's text
 * check) or a line is not "<file name> <seconds>". Names are those of the folder's files, without the folder.
 */
export function readTimestamps(bytes: Buffer): Map<string, number> | null {
  const read = textOf(bytes, 'timestamps');
  return 'refused' in read ? null : parseTimestamps(read.text);
}

export function parseTimestamps(text: string): Map<string, number> | null {
  const times = new Map<string, number>();
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = /^(.+?)\s+(-?\d+(?:\.\d+)?(?:e[-+]?\d+)?)$/i.exec(line);
    if (!match || times.has(match[1])) return null;
    const seconds = Number(match[2]);
    if (!Number.isFinite(seconds)) return null;
    times.set(match[1], seconds);
  }
  return times;
}
