// Queries of the ledger's export and anchors, shared by the API and the console.
import { z } from 'zod';

const instant = z.iso.datetime({ offset: true, error: 'validation.invalid_format' });

/** A project's events (or, for the staff, every event) recorded between two times, either open. */
export const ledgerExportQuery = z.object({ projectId: z.uuid().optional(), from: instant.optional(), to: instant.optional() });
export type LedgerExportQuery = z.infer<typeof ledgerExportQuery>;

export const ledgerAnchorParams = z.object({ seq: z.string().regex(/^\d{1,18}$/, 'validation.non_negative_integer') });

/** One entry of the chain by its place: what an exported file's anchors are compared with. */
export interface LedgerAnchorView {
  seq: string;
  hash: string;
  /** The ledger's newest place now. */
  head: string;
}
