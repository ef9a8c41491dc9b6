// A project's items as of a moment made from the nearest snapshot equal those folded from the first event: given an
// item history (two imports, items finished, inspected, claimed) with snapshots taken every few events, every moment
// before, at and after a snapshot, by position and by time, reads the same rows and counts as before they existed.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { batchProjection, catchUp, itemProjection, compareTable, itemLifecycle, pastItemSnapshotProjection, rebuildInto, writePastItems } from '@annot/core';
import { finished, given, givenAccount, givenItems, givenProject, inInspection, itemEvents, itemStream, person, specDatabase } from '../../../../tests/support/given-when-then';
import { PastCutsRepository } from './past-cuts.repository';
import { PastProjectFolds } from './past-project-folds.service';

const spec = specDatabase();

/** A project whose log has work before and after a second import, and the places of its events in the log. */
async function givenWorkedProject() {
  const p = await givenProject(spec);
  const { itemIds } = await givenItems(spec, p, 4);
  await given(spec, itemLifecycle, itemStream(itemIds[0]), p.tagger, finished(p, itemIds[0]));
  await given(spec, itemLifecycle, itemStream(itemIds[1]), p.tagger, inInspection(p, itemIds[1]));
  const later = await givenItems(spec, p, 2);
  await given(spec, itemLifecycle, itemStream(later.itemIds[0]), p.tagger, [itemEvents(p, later.itemIds[0]).claimed(p.annotation, p.tagger.id)]);
  await given(spec, itemLifecycle, itemStream(itemIds[1]), p.inspector, [itemEvents(p, itemIds[1]).passed(p.inspector.id), itemEvents(p, itemIds[1]).finished()]);
  await given(spec, itemLifecycle, itemStream(itemIds[2]), p.tagger, [itemEvents(p, itemIds[2]).claimed(p.annotation, p.tagger.id)]);
  const { rows } = await sql<{ position: string; at: string }>`
    SELECT global_position::text AS position, to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at FROM events
    WHERE data->>'projectId' = ${p.projectId} AND (stream_id LIKE 'item-%' OR type = 'BatchItemsRegistered') ORDER BY global_position`.execute(spec.db);
  return { p, places: rows };
}

describe(PastProjectFolds.name, () => {
  describe('fold', () => {
    it('given snapshots every three events, when the project is read as of every moment of its log, then each reads as the fold from the first event', async () => {
      const { p, places } = await givenWorkedProject();
      const cuts = new PastCutsRepository(spec.db);
      const folds = new PastProjectFolds(cuts);
      const read = async (moment: { position: string } | { at: string }) => {
        const fixed = await folds.fix(moment);
        const { items, counts } = await folds.fold(p.projectId, fixed);
        return { items, counts, rows: await cuts.page(p.projectId, fixed.cut, { limit: 100 }) };
      };
      const first = BigInt(places[0].position);
      const moments = [
        ...Array.from({ length: Number(BigInt(places[places.length - 1].position) - first) + 2 }, (_, i) => ({ position: (first + BigInt(i) - 1n).toString() })),
        ...places.map((place) => ({ at: place.at })),
      ];
      const fromFirstEvent = [];
      for (const moment of moments) fromFirstEvent.push(await read(moment));
      expect(fromFirstEvent.at(-1)!.counts).toEqual([
        { linkId: p.inspection, status: 'finished', count: 2 },
        { linkId: p.annotation, status: 'pooled', count: 2 },
        { linkId: p.annotation, status: 'claimed', count: 2 },
      ]);

      await sql`DELETE FROM past_item_states WHERE project_id = ${p.projectId}::uuid`.execute(spec.db);
      await sql`DELETE FROM past_item_cuts WHERE project_id = ${p.projectId}::uuid`.execute(spec.db);
      await catchUp(spec.db, pastItemSnapshotProjection(3));
      const { rows: snapshots } = await sql<{ position: string }>`SELECT global_position::text AS position FROM past_item_snapshots WHERE project_id = ${p.projectId}::uuid`.execute(spec.db);
      expect(snapshots).toHaveLength(Math.floor(places.length / 3));

      for (const [i, moment] of moments.entries()) expect(await read(moment), JSON.stringify(moment)).toEqual(fromFirstEvent[i]);
    });

    it('given a snapshot, when read as of a moment after it, then only the items touched since are folded and the rest copied', async () => {
      const { p, places } = await givenWorkedProject();
      await catchUp(spec.db, pastItemSnapshotProjection(5));
      const last = BigInt(places[places.length - 1].position);
      const written = await spec.db.transaction().execute((trx) => writePastItems(trx, p.projectId, { position: last }, { table: 'past_item_states', cut: 'spec' }));
      // The last snapshot is at the project's 15th event; the one event after it is a claim of one item.
      expect(written.base?.cursor.globalPosition).toBe(places[14].position);
      expect(written.folded).toBe(1);
      expect(written.items).toBe(6);
    });

    it('given snapshots every three events, when they are taken, then one after a full snapshot keeps only the rows of the items touched since, until they add up to a full one', async () => {
      const { p } = await givenWorkedProject();
      await catchUp(spec.db, pastItemSnapshotProjection(3));
      const { rows } = await sql<{ position: string; fullAt: string; rows: number; kept: number }>`
        SELECT s.global_position::text AS position, s.full_at::text AS "fullAt", s.rows,
               (SELECT count(*)::int FROM past_item_snapshot_rows r WHERE r.project_id = s.project_id AND r.snapshot = s.global_position) AS kept
        FROM past_item_snapshots s WHERE s.project_id = ${p.projectId}::uuid ORDER BY s.tx_id, s.global_position`.execute(spec.db);
      // The first keeps the four items registered by then; the next ones, at most the three items their three events touched.
      expect(rows.map((r) => ({ full: r.fullAt === r.position, rows: r.rows, kept: r.kept }))).toEqual([
        { full: true, rows: 4, kept: 4 },
        ...rows.slice(1).map((r) => ({ full: r.fullAt === r.position, rows: r.rows, kept: r.rows })),
      ]);
      const deltas = rows.filter((r) => r.fullAt !== r.position);
      expect(deltas.length).toBeGreaterThan(0);
      for (const delta of deltas) expect(delta.rows).toBeLessThanOrEqual(3);
      // A full one again once the changes since the last add up to its rows.
      let since = 0;
      let full = 0;
      for (const r of rows) {
        expect(r.fullAt === r.position, r.position).toBe(since >= full);
        if (r.fullAt === r.position) [since, full] = [0, r.rows];
        else since += r.rows;
      }
    });

    it('given snapshots taken, when the log is replayed into fresh tables, then the replay takes the same snapshots with the same rows', async () => {
      // Someone's account first, so every snapshot keeps a person's team.
      await givenAccount(spec, person('40'), person('01'));
      await givenWorkedProject();
      const every = pastItemSnapshotProjection(4);
      // Taken anew from the first event, as the replay takes them, not beside the other cases' snapshots.
      for (const table of every.tables) await sql`DELETE FROM ${sql.table(table)}`.execute(spec.db);
      await sql`DELETE FROM projection_checkpoints WHERE projection = ${every.name}`.execute(spec.db);
      await catchUp(spec.db, every);
      const differences = await spec.db.transaction().execute(async (trx) => {
        await sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ`.execute(trx);
        await rebuildInto(trx, 'replayed', [batchProjection, itemProjection, every]);
        const compared = [];
        for (const table of every.tables) compared.push(await compareTable(trx, 'replayed', every.name, table));
        await sql`DROP SCHEMA replayed CASCADE`.execute(trx);
        return compared.map((c) => ({ table: c.table, rows: c.liveRows, missing: c.missingCount, extra: c.extraCount }));
      });
      expect(differences.every((d) => d.missing === 0 && d.extra === 0), JSON.stringify(differences)).toBe(true);
      // The history saves no object and has no sampling round or acceptance batch; every other table has rows to compare.
      const filled = differences.filter((d) => !['past_insights_objects', 'past_insights_sampling_rounds', 'past_insights_acceptance'].includes(d.table));
      expect(filled.every((d) => d.rows > 0), JSON.stringify(differences)).toBe(true);
    });
  });
});
