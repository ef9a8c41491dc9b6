// An annotation import as its status route answers it, its lines said in the reader's language.
import type { ExportFormat } from './format';
import type { AnnotationImportMachineStatus } from './annotation-import.machine';

export interface AnnotationImportSaidLine {
  source: string;
  message: string;
}

export interface AnnotationImportView {
  importId: string;
  batchId: string;
  format: ExportFormat;
  mode: 'all' | 'good';
  /** The file sent, or the folder its files were sent from. */
  fileName: string;
  status: AnnotationImportMachineStatus;
  /** Percent, 100 once finished. */
  progress: number;
  requestedAt: string;
  finishedAt: string | null;
  items: number;
  objects: number;
  /** Lines in all; `refusals` and `warnings` list the first of them. */
  refused: number;
  warned: number;
  refusals: AnnotationImportSaidLine[];
  warnings: AnnotationImportSaidLine[];
  dropped: { files: string[]; objects: string[] };
  /** Why nothing was written, where it failed. */
  reason: string | null;
}
