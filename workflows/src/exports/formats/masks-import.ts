// The mask formats are written but not read back: their decoder refuses every upload, saying so, and the console
// leaves them out of its import form.
import { type AnnotationDecoder, type ExportFormat, importReasons } from '../format';

export const exportOnlyFormats: readonly ExportFormat[] = ['coco_panoptic', 'masks'];

export const exportOnly =
  (format: string): AnnotationDecoder =>
  (files) => ({ items: [], refusals: [{ source: files[0]?.path ?? '-', reasonKey: importReasons.exportOnly, params: { format } }] });
