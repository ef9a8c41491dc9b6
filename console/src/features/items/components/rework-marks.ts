// The marks of an item's last rejection or quality gate return, which the rework screens show: read from the history
// the page shows anyway, the newest such entry unless a recycle has started the item over since.
import { type ErrorMark, parseItemEvent } from '@annot/workflows';
import type { ItemHistoryEntry } from '../api/item';

const returnedWith = new Set(['ItemRejected', 'ItemReturned']);

export function reworkMarks(history: ItemHistoryEntry[]): ErrorMark[] {
  const last = history.findLast((entry) => returnedWith.has(entry.type) || entry.type === 'ItemRecycled');
  if (!last || last.type === 'ItemRecycled') return [];
  try {
    const event = parseItemEvent(last);
    return 'marks' in event.data ? event.data.marks : [];
  } catch {
    // An entry that does not fit its schema is left out rather than guessed at.
    return [];
  }
}
