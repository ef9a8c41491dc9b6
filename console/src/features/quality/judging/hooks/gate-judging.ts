// What the editor needs from a quality gate to judge one of its items, the same for a sampling task and an acceptance batch.
import type { ErrorMark } from '@annot/workflows';

export type GateVerb = 'pass' | 'reject' | 'release';

export interface GateJudging {
  /** The gate's view has not come yet. */
  pending: boolean;
  error: unknown;
  /** The project the gate belongs to, for the way back. */
  projectId: string | null;
  caption: string;
  /** The verdicts (and the release) the reader may give this item now; none for an item only to be looked at. */
  verbs: GateVerb[];
  labels: Record<GateVerb, string>;
  /** The marks of the verdict given before, offered again. */
  marks: ErrorMark[];
  neighbours: { previous: string | null; next: string | null };
  send: (verb: GateVerb, marks: ErrorMark[]) => Promise<unknown>;
  /** The item to judge after this one, or null when there is none left. */
  nextToJudge: () => Promise<string | null>;
}

/** The items just before and after `itemId` in `ids`. */
export function neighboursIn(ids: string[], itemId: string): { previous: string | null; next: string | null } {
  const index = ids.indexOf(itemId);
  if (index < 0) return { previous: null, next: ids[0] ?? null };
  return { previous: index > 0 ? ids[index - 1] : null, next: index < ids.length - 1 ? ids[index + 1] : null };
}
