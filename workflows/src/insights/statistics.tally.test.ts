import { describe, expect, it } from 'vitest';
import { type ItemFacts, newItem, StatisticsTally, type TallyEvent } from './statistics.tally';
import { figuresOf, linkProgress } from './statistics.views';

const project = '00000000-0000-4000-8000-000000000001';
const batch = '00000000-0000-4000-8000-000000000002';
const annotation = '00000000-0000-4000-8000-00000000000a';
const inspection = '00000000-0000-4000-8000-00000000000b';
const tagger = '00000000-0000-4000-8000-0000000000a1';
const inspector = '00000000-0000-4000-8000-0000000000b1';
const team = '00000000-0000-4000-8000-0000000000c1';
const item = '10000000-0000-0000-0000-000000000001';
const tool = '00000000-0000-4000-8000-0000000000d1';

const ref = { itemId: item, projectId: project };
const at = (time: string, type: string, data: Record<string, unknown>): TallyEvent => ({ type, data: { ...ref, ...data }, recordedAt: time });

function waitingItem(): ItemFacts {
  return { ...newItem(item, project), batchId: batch, linkId: annotation, place: 'waiting' };
}

const box = (className: string | null) => ({ id: 'o', toolId: tool, className, attributes: {}, group: null, keyframes: [] });

/** One item through claim, save, submit, rejection, rework and pass. */
function workedTally(): StatisticsTally {
  const tally = new StatisticsTally();
  tally.items.set(item, waitingItem());
  tally.teams.set(tagger, team);
  const events: TallyEvent[] = [
    at('2025-01-01T23:00:00Z', 'ItemClaimed', { linkId: annotation, claimId: 'c1', claimerId: tagger, claimedAt: '2025-01-01T23:00:00Z', deadline: null }),
    at('2025-01-01T23:05:00Z', 'ResultSaved', { linkId: annotation, resultVersion: 1, savedBy: tagger, savedAt: '2025-01-01T23:05:00Z', objectCount: 2, result: { frameCount: 1, objects: [box('car'), box(null)], attributes: {} } }),
    at('2025-01-01T23:10:00Z', 'ItemSubmitted', { linkId: annotation, claimId: 'c1', submittedBy: tagger, submittedAt: '2025-01-01T23:10:00Z', resultVersion: 1, rework: false, toLinkId: inspection }),
    at('2025-01-01T23:20:00Z', 'ItemClaimed', { linkId: inspection, claimId: 'c2', claimerId: inspector, claimedAt: '2025-01-01T23:20:00Z', deadline: null }),
    at('2025-01-01T23:31:00Z', 'ItemRejected', { linkId: inspection, inspectorId: inspector, resultVersion: 1, marks: [], toLinkId: annotation, preferredClaimerId: tagger, reworkCount: 1 }),
    at('2025-01-01T23:40:00Z', 'ItemClaimed', { linkId: annotation, claimId: 'c3', claimerId: tagger, claimedAt: '2025-01-01T23:40:00Z', deadline: null }),
    at('2025-01-01T23:45:00Z', 'ItemSubmitted', { linkId: annotation, claimId: 'c3', submittedBy: tagger, submittedAt: '2025-01-01T23:50:00Z', resultVersion: 2, rework: true, toLinkId: inspection }),
    at('2025-01-01T23:55:00Z', 'ItemClaimed', { linkId: inspection, claimId: 'c4', claimerId: inspector, claimedAt: '2025-01-01T23:55:00Z', deadline: null }),
    at('2025-01-02T00:01:00Z', 'ItemPassed', { linkId: inspection, inspectorId: inspector, resultVersion: 2, toLinkId: null }),
    at('2025-01-02T00:01:00Z', 'ItemFinished', { linkId: inspection, resultVersion: 2, decidedBy: 'inspection' }),
  ];
  for (const event of events) tally.apply(event);
  return tally;
}

const sumBy = (tally: StatisticsTally, personId: string, linkId: string) =>
  figuresOf(
    tally
      .workRows()
      .filter((r) => r.personId === personId && r.linkId === linkId)
      .reduce((sum, r) => {
        for (const [k, v] of Object.entries(r.counts)) sum[k] = (sum[k] ?? 0) + v;
        return sum;
      }, {} as Record<string, number>),
  );

describe(StatisticsTally.name, () => {
  describe('apply', () => {
    it('counts the annotator’s claims, submissions, rework, objects, time and judged work at the annotation link', () => {
      const figures = sumBy(workedTally(), tagger, annotation);
      expect(figures).toMatchObject({ claimed: 2, submitted: 2, reworked: 1, objects: 4, passed: 1, rejected: 1, finished: 1, finishedValid: 1, timed: 2, workMs: 20 * 60_000 });
      expect(figures.passRate).toBe(0.5);
      expect(figures.msPerItem).toBe(10 * 60_000);
      expect(figures.objectsPerHour).toBe(12);
    });

    it('counts the inspector’s claims and verdicts at the inspection link', () => {
      expect(sumBy(workedTally(), inspector, inspection)).toMatchObject({ claimed: 2, passed: 1, rejected: 1, submitted: 0, finished: 0 });
    });

    it('files each count in the 15-minute bucket of its own time, with the team the person had', () => {
      const rows = workedTally().workRows().filter((r) => r.personId === tagger);
      expect(rows.map((r) => [r.bucket, r.counts.claimed, r.counts.submitted]).sort()).toEqual([
        ['2025-01-01T23:00:00.000Z', 1, 1],
        ['2025-01-01T23:30:00.000Z', 1, 0],
        ['2025-01-01T23:45:00.000Z', 0, 1],
        ['2025-01-02T00:00:00.000Z', 0, 0],
      ]);
      expect(new Set(rows.map((r) => r.teamId))).toEqual(new Set([team]));
    });

    it('counts objects by class, the tool standing in for a class the editor did not name', () => {
      const classes = workedTally().classRows().reduce<Record<string, number>>((sum, r) => ({ ...sum, [r.className]: (sum[r.className] ?? 0) + r.objects }), {});
      expect(classes).toEqual({ car: 2, [`tool:${tool}`]: 2 });
    });

    it('moves the item through the pipeline: it leaves the annotation pool and ends finished', () => {
      const places = workedTally().positionRows().filter((p) => p.items !== 0);
      expect(places).toEqual([{ projectId: project, batchId: batch, linkId: annotation, place: 'waiting', items: -1 }, { projectId: project, batchId: batch, linkId: inspection, place: 'finished', items: 1 }]);
    });

    it('counts an invalid submission and finishes it without pay', () => {
      const tally = new StatisticsTally();
      tally.items.set(item, { ...waitingItem(), place: 'claimed', claimedAt: '2025-01-01T10:00:00Z' });
      tally.apply(at('2025-01-01T10:01:00Z', 'ItemMarkedInvalid', { linkId: annotation, markedBy: tagger, reasonId: tool }));
      tally.apply(at('2025-01-01T10:02:00Z', 'ItemSubmitted', { linkId: annotation, claimId: 'c', submittedBy: tagger, submittedAt: '2025-01-01T10:02:00Z', resultVersion: 0, rework: false, toLinkId: null }));
      tally.apply(at('2025-01-01T10:02:00Z', 'ItemFinished', { linkId: annotation, resultVersion: 0, decidedBy: 'inspection' }));
      expect(sumBy(tally, tagger, annotation)).toMatchObject({ submitted: 1, invalid: 1, finished: 1, finishedValid: 0 });
    });

    it('takes the finish back when a finished item is recycled, and pays it once after', () => {
      const tally = workedTally();
      tally.apply(at('2025-01-03T09:00:00Z', 'ItemRecycled', { fromLinkId: inspection, toLinkId: annotation, target: 'annotation_pool', keepResult: true, resultVersion: 2, recycledBy: inspector }));
      expect(sumBy(tally, tagger, annotation)).toMatchObject({ finished: 0, finishedValid: 0 });
      expect(tally.items.get(item)).toMatchObject({ place: 'waiting', linkId: annotation, credit: null });
    });

    it('places an item it never saw registered without taking it from anywhere', () => {
      const tally = new StatisticsTally();
      tally.apply(at('2025-01-01T10:00:00Z', 'ItemClaimed', { linkId: annotation, claimId: 'c', claimerId: tagger, claimedAt: '2025-01-01T10:00:00Z', deadline: null }));
      expect(tally.positionRows()).toEqual([{ projectId: project, batchId: null, linkId: annotation, place: 'claimed', items: 1 }]);
    });

    it('follows a person’s team from their account events', () => {
      const tally = new StatisticsTally();
      tally.apply({ type: 'AccountCreated', data: { accountId: tagger, teamId: team }, recordedAt: '2025-01-01T00:00:00Z' });
      tally.apply({ type: 'AccountEdited', data: { accountId: tagger, changes: { name: 'x' } }, recordedAt: '2025-01-01T00:00:00Z' });
      expect(tally.teams.get(tagger)).toBe(team);
      tally.apply({ type: 'AccountEdited', data: { accountId: tagger, changes: { teamId: null } }, recordedAt: '2025-01-01T00:00:00Z' });
      expect(tally.teams.get(tagger)).toBeNull();
    });
  });
});

describe('linkProgress', () => {
  it('counts an item as done at every link before the one it is in', () => {
    const links = [
      { id: annotation, name: 'A', type: 'annotation' as const },
      { id: inspection, name: 'I', type: 'inspection' as const },
    ];
    const progress = linkProgress(links, [
      { linkId: annotation, place: 'waiting', items: 5 },
      { linkId: inspection, place: 'claimed', items: 2 },
      { linkId: inspection, place: 'finished', items: 3 },
      { linkId: null, place: 'new', items: 1 },
    ]);
    expect(progress.map((p) => [p.done, p.total, p.waiting, p.claimed])).toEqual([
      [5, 11, 5, 0],
      [3, 11, 0, 2],
    ]);
  });
});
