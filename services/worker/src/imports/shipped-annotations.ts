// The annotations an import ships beside its pictures (a CVAT or Label Studio export with its images): once the
// pictures are items, the upload's annotation files are read in the format the PM named, through the same annotation
// import as an upload of annotations alone, and what it refused or skipped joins the import's report.
import type { AnnotationImport, CommandContext } from '@annot/core';
import { type ImportAnnotationsRef, type ImportedAnnotations, isAnnotationFileOf } from '@annot/workflows';
import type { SourceFile } from './import-source';
import type { Failure } from './unit-examine';

export interface ShippedAnnotations {
  ref: ImportAnnotationsRef;
  /** The upload's annotation files, which are no items. */
  documents: SourceFile[];
}

/** Takes the annotation files (a mask format's PNGs among them) out of an upload that ships annotations; every file stays data in any other. */
export function splitShipped(files: SourceFile[], ref: ImportAnnotationsRef | undefined): { data: SourceFile[]; shipped: ShippedAnnotations | null } {
  if (!ref) return { data: files, shipped: null };
  const annotation = (file: SourceFile) => isAnnotationFileOf(ref.format, file.name);
  return { data: files.filter((f) => !annotation(f)), shipped: { ref, documents: files.filter(annotation) } };
}

/**
 * Writes the shipped annotations as the batch's items' starting results; answers what they gave and the report's
 * lines. The files are handed over as streams: a data set's COCO file is read as one, and says how far it has got.
 */
export async function importShipped(
  annotations: AnnotationImport,
  { batchId, projectId, shipped, paths, progress }: { batchId: string; projectId: string; shipped: ShippedAnnotations; paths: string[]; progress: (share: number) => Promise<void> },
  context: CommandContext,
): Promise<{ summary: ImportedAnnotations; lines: Failure[] }> {
  const files = shipped.documents.map((file) => ({ path: file.name, size: file.size, open: () => file.stream() }));
  const { format, mode, by } = shipped.ref;
  const outcome = await annotations.run({ batchId, projectId, format, mode, files, shipped: new Set(paths), progress }, { ...context, actor: by });
  const refusals = outcome.written || outcome.refusals.length > 0 ? outcome.refusals : [{ source: '-', reasonKey: 'exports.import.no_files' }];
  const lines = [...refusals, ...outcome.warnings].map((line): Failure => ({ name: line.source, reasonKey: line.reasonKey, ...(line.params ? { params: line.params } : {}) }));
  return { summary: { items: outcome.items, objects: outcome.objects, refused: refusals.length, warned: outcome.warnings.length }, lines };
}
