// An item as it was at a past moment: its own stream folded up to that moment by the same evolve the command pipeline
// folds it with, from the state its import registered it in. Pure: the caller reads the stream, this decides.
import type { ItemEvent } from '../items/item.events';
import { evolveItem, type ItemState } from '../items/item.evolve';
import { isAtOrBefore, type LogPlace, type Moment } from './moment';

/** An event of the item's stream with its place in the log. */
export interface LoggedItemEvent extends LogPlace {
  event: ItemEvent;
}

export interface ItemHistory {
  /** Where the item stood before its stream had any event, and where in the log its import registered it. */
  start: ItemState;
  registered: LogPlace;
  /** The item's stream in order. */
  events: LoggedItemEvent[];
}

export type ItemAsOf =
  | {
      kind: 'found';
      state: ItemState;
      /** The last event the state includes (the registration when none of the stream's): what the moment resolved to. */
      through: LogPlace;
      /** How many of the stream's events the state includes, of how many there are now. */
      folded: number;
      total: number;
    }
  /** The moment is before the import registered the item. */
  | { kind: 'not_yet' }
  /** A version was asked that the item never had. */
  | { kind: 'no_version' };

export function itemAsOf(history: ItemHistory, moment: Moment): ItemAsOf {
  const { start, registered, events } = history;
  if (moment.kind === 'version') return atVersion(history, moment.resultVersion);
  if (!isAtOrBefore(registered, moment)) return { kind: 'not_yet' };
  let state = start;
  let through: LogPlace = registered;
  let folded = 0;
  for (const logged of events) {
    if (!isAtOrBefore(logged, moment)) break;
    state = evolveItem(state, logged.event);
    through = { position: logged.position, recordedAt: logged.recordedAt };
    folded += 1;
  }
  return { kind: 'found', state, through, folded, total: events.length };
}

/**
 * The item at the last event that names the version as its own (saved, submitted, judged, finished or returned with
 * it): the version as its people last saw it. A recycle names only the version the item goes on with, so a result
 * kept through a recycle still opens as it was judged, not as it waits in the pool again.
 */
function atVersion({ start, registered, events }: ItemHistory, resultVersion: number): ItemAsOf {
  let state = start;
  let found: ItemAsOf = start.resultVersion === resultVersion ? { kind: 'found', state, through: registered, folded: 0, total: events.length } : { kind: 'no_version' };
  events.forEach((logged, index) => {
    state = evolveItem(state, logged.event);
    if (namesVersion(logged.event, resultVersion)) {
      found = { kind: 'found', state, through: { position: logged.position, recordedAt: logged.recordedAt }, folded: index + 1, total: events.length };
    }
  });
  return found;
}

const namesVersion = (event: ItemEvent, resultVersion: number): boolean =>
  event.type !== 'ItemRecycled' && 'resultVersion' in event.data && event.data.resultVersion === resultVersion;
