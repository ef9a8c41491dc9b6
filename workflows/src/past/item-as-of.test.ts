import { describe, expect, it } from 'vitest';
import type { ItemEvent } from '../items/item.events';
import { foldItem } from '../items/item.evolve';
import { fresh, happened, ids } from '../items/item.test-fixtures';
import { type ItemHistory, itemAsOf, type LoggedItemEvent } from './item-as-of';
import { momentOf, momentQuery } from './moment';

/** Each event one second and ten positions after the one before, from registration at position 100, 08:00:00. */
const logged = (events: ItemEvent[]): LoggedItemEvent[] =>
  events.map((event, i) => ({ event, position: String(110 + 10 * i), recordedAt: `2026-01-01T08:00:${String(i + 1).padStart(2, '0')}.000001Z` }));
const given = (events: ItemEvent[]): ItemHistory => ({ start: fresh(), registered: { position: '100', recordedAt: '2026-01-01T08:00:00.000000Z' }, events: logged(events) });

const recycledKeeping: ItemEvent = {
  type: 'ItemRecycled',
  data: { itemId: ids.item, projectId: ids.project, fromLinkId: ids.inspect1, toLinkId: ids.annotate1, target: 'annotation_pool', keepResult: true, resultVersion: 1, recycledBy: ids.pm },
};

/** Annotated (v1), passed and finished, then recycled keeping its result and reworked after acceptance (v2): the story an audit asks about. */
const story: ItemEvent[] = [
  happened.claimed(ids.annotate1, ids.ann),
  happened.saved(ids.annotate1, ids.ann, 1),
  happened.submitted(ids.annotate1, ids.ann, ids.inspect1),
  happened.claimed(ids.inspect1, ids.insp, ids.claim2),
  happened.passed(ids.inspect1, ids.insp, null),
  happened.finished(ids.inspect1),
  recycledKeeping,
  happened.claimed(ids.annotate1, ids.ann),
  happened.saved(ids.annotate1, ids.ann, 2),
];

describe(itemAsOf.name, () => {
  describe('as of a log position', () => {
    it('given an annotated and passed item, when asked as of the submission, then it waits in the inspection pool with version 1', () => {
      const past = itemAsOf(given(story), momentOf(momentQuery.parse({ position: '130' })));
      expect(past).toMatchObject({ kind: 'found', through: { position: '130' }, folded: 3, total: 9 });
      expect(past.kind === 'found' && past.state).toMatchObject({ status: 'pooled', linkId: ids.inspect1, resultVersion: 1 });
    });

    it('given a position between two events, when asked, then it stands at the event before it', () => {
      const past = itemAsOf(given(story), { kind: 'position', position: 135n });
      expect(past).toMatchObject({ kind: 'found', through: { position: '130' }, folded: 3 });
    });

    it('given the registration position, when asked, then it is the item as its import left it', () => {
      expect(itemAsOf(given(story), { kind: 'position', position: 100n })).toEqual({ kind: 'found', state: fresh(), through: { position: '100', recordedAt: '2026-01-01T08:00:00.000000Z' }, folded: 0, total: 9 });
    });

    it('given a position before the registration, when asked, then the item did not exist yet', () => {
      expect(itemAsOf(given(story), { kind: 'position', position: 99n })).toEqual({ kind: 'not_yet' });
    });
  });

  describe('as of a time', () => {
    it('given a time a microsecond before an event, when asked, then that event is not in it', () => {
      const past = itemAsOf(given(story), momentOf(momentQuery.parse({ at: '2026-01-01T08:00:05.000000Z' })));
      expect(past).toMatchObject({ kind: 'found', folded: 4, through: { position: '140' } });
      expect(past.kind === 'found' && past.state.status).toBe('claimed');
    });

    it('given a time with an offset, when asked, then it is the same instant in UTC', () => {
      const past = itemAsOf(given(story), momentOf(momentQuery.parse({ at: '2026-01-01T16:00:05.000001+08:00' })));
      expect(past).toMatchObject({ kind: 'found', folded: 5 });
    });
  });

  describe('as of a result version', () => {
    it('given a result kept through a recycle and changed after acceptance, when asked for the version judged, then it shows that version finished, not waiting again nor the later one', () => {
      const past = itemAsOf(given(story), { kind: 'version', resultVersion: 1 });
      expect(past).toMatchObject({ kind: 'found', folded: 6, through: { position: '160' } });
      expect(past.kind === 'found' && past.state).toMatchObject({ status: 'finished', resultVersion: 1 });
    });

    it('given the version saved after acceptance, when asked, then it is the claimed rework with that version', () => {
      const past = itemAsOf(given(story), { kind: 'version', resultVersion: 2 });
      expect(past.kind === 'found' && [past.state.status, past.state.resultVersion, past.folded]).toEqual(['claimed', 2, 9]);
    });

    it('given a version the item never had, when asked, then it says so', () => {
      expect(itemAsOf(given(story), { kind: 'version', resultVersion: 3 })).toEqual({ kind: 'no_version' });
    });
  });

  describe('now', () => {
    it('given any stream, when asked for now, then it is the stream folded whole by the same evolve the pipeline uses', () => {
      const past = itemAsOf(given(story), momentOf(momentQuery.parse({})));
      expect(past).toEqual({ kind: 'found', state: foldItem(fresh(), story), through: { position: '190', recordedAt: '2026-01-01T08:00:09.000001Z' }, folded: 9, total: 9 });
    });
  });
});

describe('momentQuery', () => {
  it('refuses two moments at once with a message that says to name one', () => {
    const parsed = momentQuery.safeParse({ position: '5', version: '1' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual(['past.one_moment']);
  });

  it('refuses a position that is not a whole number', () => {
    expect(momentQuery.safeParse({ position: '-1' }).success).toBe(false);
    expect(momentQuery.safeParse({ position: '1e3' }).success).toBe(false);
  });
});
