// What the screens read of batches and their items.
import type { BatchStatus } from './batch.machine';

export type BatchUploadType = 'zip' | 'local' | 'cos' | 'oss';

export interface BatchSummary {
  id: string;
  projectId: string;
  name: string;
  priority: number;
  uploadType: BatchUploadType;
  status: BatchStatus;
  /** Items registered, files refused, and where the current import stands (null when none runs). */
  items: number;
  failed: number;
  importing: { importId: string; progress: number } | null;
  failureFile: boolean;
  /** The seed's "Upload failed; Error in uploading file (view the failure file)" when files were refused; else, where the
   * annotations shipped with the pictures left something out, a note that the same file reports it. */
  failureMessage: string | null;
  /** Why the last import was refused as a whole (a bad zip, a path outside the import root), until the next one. */
  importError: string | null;
  createdAt: string;
  version: string;
}

export interface BatchItemView {
  id: string;
  fileName: string;
  size: number;
  mediaType: string;
  width: number | null;
  height: number | null;
  status: string;
  effective: boolean;
}
