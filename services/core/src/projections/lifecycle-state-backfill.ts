// The lifecycle states of rows written before rows kept them: folded from the log by the projections' own code, once,
// right after the migration that gave the rows their state column. A migration may not import the folds itself.
import type { Kysely } from 'kysely';
import { algorithmCallProjection, algorithmCallStateRow } from '../algorithms/algorithm-call.projection';
import { algorithmProjection, algorithmStateRow } from '../algorithms/algorithm.projection';
import { batchStateRow } from '../batches/batch.projection';
import { announcementProjection, announcementStateRow } from '../comms/announcement.projection';
import type { Database } from '../database/database.types';
import { cursorOf, readLog } from '../events/event-log.reader';
import { logStart, type StoredEvent } from '../events/stored-event';
import { exportProjection, exportStateRow } from '../exports/export.projection';
import { projectStateRow } from '../projects/project.projection';
import { ruleReadingProjection } from '../items/rule-reading.projection';
import { webhookProjection, webhookStateRow } from '../webhooks/webhook.projection';
import { foldStates } from './lifecycle-state';

/** The migration that added the state columns and the rule readings' table. */
export const lifecycleStatesMigration = '1763859600095-LifecycleStates';

const pageSize = 10_000;

/** Each state row with the event types its projection reads (every type where it names none). */
const filled: { fill: (db: Kysely<Database>, events: StoredEvent[]) => Promise<void>; types?: readonly string[] }[] = [
  { fill: (db, events) => foldStates(db, projectStateRow, events) },
  { fill: (db, events) => foldStates(db, batchStateRow, events) },
  { fill: (db, events) => foldStates(db, exportStateRow, events), types: exportProjection.types },
  { fill: (db, events) => foldStates(db, webhookStateRow, events), types: webhookProjection.types },
  { fill: (db, events) => foldStates(db, announcementStateRow, events), types: announcementProjection.types },
  { fill: (db, events) => foldStates(db, algorithmStateRow, events), types: algorithmProjection.types },
  { fill: (db, events) => foldStates(db, algorithmCallStateRow, events), types: algorithmCallProjection.types },
  { fill: (db, events) => ruleReadingProjection.apply(db, events), types: ruleReadingProjection.types },
];

/** In one transaction, so the states appear together or not at all. */
export async function fillLifecycleStates(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const { fill, types } of filled) {
      for (let after = logStart; ; ) {
        const events = await readLog(trx, { after, limit: pageSize, horizon: 'visible', types });
        if (events.length === 0) break;
        await fill(trx, events);
        after = cursorOf(events[events.length - 1]);
      }
    }
  });
}
