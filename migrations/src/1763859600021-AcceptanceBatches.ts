// Client acceptance: each acceptance batch as the PM's and the acceptor's lists show it (status, claimed acceptor,
// start, submission and cost time, the PM's verdict), and its items with the acceptor's verdicts and where the PM's
// verdict sent them, which the choice of items for a new batch reads.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE acceptance_batches (
      batch_id       uuid PRIMARY KEY,
      project_id     uuid NOT NULL,
      -- The batch's number within its project, in the order batches were made.
      sequence       integer NOT NULL,
      status         text NOT NULL,
      item_count     integer NOT NULL,
      -- The current acceptor's verdicts so far; a takeover starts them again.
      judged_count   integer NOT NULL,
      passed_count   integer NOT NULL,
      rejected_count integer NOT NULL,
      -- The client acceptors the PM named, the only ones who may claim the batch and see it.
      acceptor_ids   uuid[] NOT NULL,
      claimer_id     uuid,
      -- The start time: when the current claim was made.
      claimed_at     timestamptz,
      takeovers      integer NOT NULL,
      submitted_at   timestamptz,
      cost_seconds   integer,
      created_by     uuid NOT NULL,
      created_at     timestamptz NOT NULL,
      decided_by     uuid,
      decided_at     timestamptz,
      repair_allowed boolean,
      withdrawn_by   uuid,
      withdrawn_at   timestamptz,
      version        bigint NOT NULL
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX acceptance_batches_sequence_idx ON acceptance_batches (project_id, sequence)`.execute(db);
  // An acceptor's lists read the batches naming them.
  await sql`CREATE INDEX acceptance_batches_acceptors_idx ON acceptance_batches USING gin (acceptor_ids)`.execute(db);
  await sql`
    CREATE TABLE acceptance_items (
      batch_id       uuid NOT NULL,
      item_id        uuid NOT NULL,
      project_id     uuid NOT NULL,
      -- The item's place in its batch, in the order the PM's split put it there.
      position       integer NOT NULL,
      -- The result version that passed the earlier gates: the one the acceptor judges.
      result_version integer NOT NULL,
      verdict        text,
      marks          jsonb NOT NULL,
      judged_at      timestamptz,
      -- Where the PM's verdict sent the item: passed, returned for rework, or rejected for good.
      outcome        text,
      PRIMARY KEY (batch_id, item_id)
    )`.execute(db);
  // Where an item stands in acceptance is read by item, across the batches it was ever in.
  await sql`CREATE INDEX acceptance_items_item_idx ON acceptance_items (item_id)`.execute(db);
  await sql`CREATE UNIQUE INDEX acceptance_items_position_idx ON acceptance_items (batch_id, position)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE acceptance_items, acceptance_batches`.execute(db);
}
