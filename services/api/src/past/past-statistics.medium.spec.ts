// A project's statistics as of a moment made from the nearest snapshot equal those made from the first event, and as
// of the last event equal the live statistics page: given a worked project (an account that changes team, two
// imports, items finished, inspected, claimed) with snapshots taken every few events, every moment before, at and
// after a snapshot reads the same statistics as before the snapshots existed.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { accountLifecycle, type Actor, catchUp, itemLifecycle, pastItemSnapshotProjection, statisticsProjection, withPastStatistics } from '@annot/core';
import { accountStreamId } from '@annot/workflows';
import { finished, given, givenAccount, givenItems, givenProject, inInspection, itemEvents, itemStream, person, specDatabase } from '../../../../tests/support/given-when-then';
import { GetProjectStatisticsHandler, GetProjectStatisticsQuery } from '../insights/queries/get-project-statistics.handler';
import { StatisticsRepository } from '../insights/statistics.repository';
import type { ProjectAccess } from '../projects/project-access.service';
import { PastCutsRepository } from './past-cuts.repository';
import { PastProjectFolds } from './past-project-folds.service';
import { PastStatisticsRepository } from './past-statistics.repository';
import { GetPastStatisticsHandler, GetPastStatisticsQuery } from './queries/get-past-statistics.handler';

const spec = specDatabase();
const everyone = { mayView: async () => true } as unknown as ProjectAccess;
const auditor = person('01');

/** The person moved to a team, as the admin's edit of their account records it. */
const givenTeam = (person: Actor, teamId: string) =>
  given(spec, accountLifecycle, accountStreamId(person.id), auditor, [{ type: 'AccountEdited', data: { accountId: person.id, changes: { teamId } } }]);

/**
 * A project whose log has work before and after a second import, its tagger in one team for the first and another
 * for the last, and the places of its statistics events.
 */
async function givenWorkedProject() {
  const p = await givenProject(spec);
  const teams = { first: randomUUID(), last: randomUUID() };
  await givenAccount(spec, p.tagger, auditor);
  await givenTeam(p.tagger, teams.first);
  const { itemIds } = await givenItems(spec, p, 4);
  await given(spec, itemLifecycle, itemStream(itemIds[0]), p.tagger, finished(p, itemIds[0]));
  await given(spec, itemLifecycle, itemStream(itemIds[1]), p.tagger, inInspection(p, itemIds[1]));
  const later = await givenItems(spec, p, 2);
  await given(spec, itemLifecycle, itemStream(later.itemIds[0]), p.tagger, [itemEvents(p, later.itemIds[0]).claimed(p.annotation, p.tagger.id)]);
  await given(spec, itemLifecycle, itemStream(itemIds[1]), p.inspector, [itemEvents(p, itemIds[1]).passed(p.inspector.id), itemEvents(p, itemIds[1]).finished()]);
  await givenAccount(spec, p.inspector, auditor);
  await givenTeam(p.tagger, teams.last);
  await given(spec, itemLifecycle, itemStream(itemIds[2]), p.tagger, [itemEvents(p, itemIds[2]).claimed(p.annotation, p.tagger.id)]);
  const { rows } = await sql<{ position: string; at: string }>`
    SELECT global_position::text AS position, to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at FROM events
    WHERE data->>'projectId' = ${p.projectId} OR stream_id LIKE 'account-%' ORDER BY global_position`.execute(spec.db);
  return { p, teams, places: rows };
}

const statisticsAsOf = (projectId: string, moment: { position?: string; at?: string }) =>
  new GetPastStatisticsHandler(everyone, new PastProjectFolds(new PastCutsRepository(spec.db)), new PastStatisticsRepository(spec.db)).execute(new GetPastStatisticsQuery(auditor, projectId, moment));

describe(GetPastStatisticsHandler.name, () => {
  describe('execute', () => {
    it('given snapshots every three events, when the statistics are read as of every moment of the log, then each reads as made from the first event', async () => {
      const { p, teams, places } = await givenWorkedProject();
      const first = BigInt(places[0].position);
      const moments = [
        ...Array.from({ length: Number(BigInt(places[places.length - 1].position) - first) + 1 }, (_, i) => ({ position: (first + BigInt(i)).toString() })),
        ...places.map((place) => ({ at: place.at })),
      ];
      const fromFirstEvent = [];
      for (const moment of moments) fromFirstEvent.push(await statisticsAsOf(p.projectId, moment).catch((e: Error) => e.message));
      // The project's first moments have no statistics yet; its last has the finished items' work, in the team the
      // tagger was in when doing it, and the last claim in the team they are in now.
      expect(fromFirstEvent.at(-1)).toMatchObject({
        people: expect.arrayContaining([
          expect.objectContaining({ personId: p.tagger.id, teamId: teams.first }),
          expect.objectContaining({ personId: p.tagger.id, teamId: teams.last }),
        ]),
      });

      // The pages kept forgotten, so every moment is made again from a snapshot.
      await sql`DELETE FROM past_statistics_pages WHERE project_id = ${p.projectId}::uuid`.execute(spec.db);
      await catchUp(spec.db, pastItemSnapshotProjection(3));
      const { rows: snapshots } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM past_statistics_snapshots WHERE project_id = ${p.projectId}::uuid`.execute(spec.db);
      expect(snapshots[0].n).toBeGreaterThan(3);

      for (const [i, moment] of moments.entries()) {
        expect(await statisticsAsOf(p.projectId, moment).catch((e: Error) => e.message), JSON.stringify(moment)).toEqual(fromFirstEvent[i]);
      }
    });

    it('given snapshots, when the statistics are read as of the last event, then they are the live statistics page', async () => {
      const { p, places } = await givenWorkedProject();
      await catchUp(spec.db, pastItemSnapshotProjection(4));
      await catchUp(spec.db, statisticsProjection);
      const past = await statisticsAsOf(p.projectId, { position: places[places.length - 1].position });
      const live = await new GetProjectStatisticsHandler(new StatisticsRepository(spec.db)).execute(new GetProjectStatisticsQuery(p.projectId, 'project', { all: true }, past.range));
      expect(past).toEqual(live);
      expect(past.people.find((person) => person.personId === p.tagger.id)).toBeDefined();
    });

    it('given a page read as of a moment, when it is read again, then the page kept answers without applying the log again', async () => {
      const { p, places } = await givenWorkedProject();
      const moment = { position: places[places.length - 1].position };
      const first = await statisticsAsOf(p.projectId, moment);
      // The kept page marked: a page made again would not carry the mark.
      await sql`UPDATE past_statistics_pages SET page = jsonb_set(page, '{kept}', 'true') WHERE project_id = ${p.projectId}::uuid`.execute(spec.db);
      expect(await statisticsAsOf(p.projectId, moment)).toEqual({ ...first, kept: true });
    });
  });
});

describe('withPastStatistics', () => {
  it("given a snapshot, when read as of a moment after it, then the statistics start from it and apply only the events since, the accounts' included", async () => {
    const { p, places } = await givenWorkedProject();
    await catchUp(spec.db, pastItemSnapshotProjection(5));
    const last = BigInt(places[places.length - 1].position);
    const { base, applied } = await spec.db.transaction().execute((trx) =>
      withPastStatistics(trx, p.projectId, { position: last }, async ({ base, events }) => ({ base, applied: events.map((e) => e.globalPosition) })),
    );
    expect(base).not.toBeNull();
    const { rows } = await sql<{ position: string }>`
      SELECT global_position::text AS position FROM events WHERE (data->>'projectId' = ${p.projectId} OR stream_id LIKE 'account-%')
        AND type = ANY(${[...(statisticsProjection.types ?? [])]}::text[])
        AND (tx_id, global_position) > (${base!.cursor.txId}::xid8, ${base!.cursor.globalPosition}::bigint) ORDER BY tx_id, global_position`.execute(spec.db);
    expect(applied).toEqual(rows.map((r) => r.position));
    // None from before it: the accounts made and the teams given before it come from its rows.
    expect(applied.length).toBeLessThan(6);
  });
});
