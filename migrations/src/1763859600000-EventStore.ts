// The event store: streams, events, command idempotency, outbox, projection checkpoints and the audit ledger.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE streams (
      stream_id   text PRIMARY KEY,
      stream_type text NOT NULL,
      version     bigint NOT NULL,
      created_at  timestamptz NOT NULL DEFAULT now(),
      updated_at  timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE events (
      global_position bigint GENERATED ALWAYS AS IDENTITY,
      tx_id           xid8 NOT NULL DEFAULT pg_current_xact_id(),
      stream_id       text NOT NULL,
      stream_position bigint NOT NULL,
      event_id        uuid NOT NULL UNIQUE,
      type            text NOT NULL,
      schema_version  integer NOT NULL DEFAULT 1,
      data            jsonb NOT NULL,
      metadata        jsonb NOT NULL,
      recorded_at     timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (stream_id, stream_position)
    );
    CREATE UNIQUE INDEX events_global_position_idx ON events (global_position);
    CREATE INDEX events_tx_position_idx ON events (tx_id, global_position);

    CREATE TABLE commands (
      command_id  text PRIMARY KEY,
      stream_id   text NOT NULL,
      result      jsonb NOT NULL,
      recorded_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE outbox (
      id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      queue         text NOT NULL,
      job_name      text NOT NULL,
      payload       jsonb NOT NULL,
      command_id    text,
      created_at    timestamptz NOT NULL DEFAULT now(),
      dispatched_at timestamptz,
      attempts      integer NOT NULL DEFAULT 0,
      last_error    text
    );
    CREATE INDEX outbox_pending_idx ON outbox (id) WHERE dispatched_at IS NULL;

    CREATE TABLE projection_checkpoints (
      projection      text PRIMARY KEY,
      tx_id           xid8 NOT NULL DEFAULT '0'::xid8,
      global_position bigint NOT NULL DEFAULT 0,
      updated_at      timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE audit_ledger (
      seq             bigint PRIMARY KEY,
      global_position bigint NOT NULL UNIQUE,
      event_id        uuid NOT NULL UNIQUE,
      hash            text NOT NULL
    );
  `.execute(db);

  // One round trip per append: the stream version check-and-bump is the first write, then the
  // events and the command-id row. A wrong expected version raises SQLSTATE ES409.
  await sql`
    CREATE FUNCTION append_events(
      p_stream_id text, p_stream_type text, p_expected bigint, p_events jsonb, p_command_id text
    ) RETURNS jsonb LANGUAGE plpgsql AS $$
    DECLARE
      v_count   integer := jsonb_array_length(p_events);
      v_version bigint;
      v_result  jsonb;
    BEGIN
      IF p_command_id IS NOT NULL THEN
        SELECT result INTO v_result FROM commands WHERE command_id = p_command_id;
        IF FOUND THEN
          RETURN v_result || '{"duplicate": true}'::jsonb;
        END IF;
      END IF;

      IF p_expected = 0 THEN
        INSERT INTO streams (stream_id, stream_type, version) VALUES (p_stream_id, p_stream_type, v_count)
        ON CONFLICT (stream_id) DO NOTHING
        RETURNING version INTO v_version;
      ELSIF p_expected < 0 THEN
        INSERT INTO streams (stream_id, stream_type, version) VALUES (p_stream_id, p_stream_type, v_count)
        ON CONFLICT (stream_id) DO UPDATE SET version = streams.version + v_count, updated_at = now()
        RETURNING version INTO v_version;
      ELSE
        UPDATE streams SET version = version + v_count, updated_at = now()
        WHERE stream_id = p_stream_id AND version = p_expected
        RETURNING version INTO v_version;
      END IF;
      IF v_version IS NULL THEN
        RAISE EXCEPTION 'stream % is not at version %', p_stream_id, p_expected
          USING ERRCODE = 'ES409', DETAIL = p_stream_id;
      END IF;

      WITH inserted AS (
        INSERT INTO events (stream_id, stream_position, event_id, type, schema_version, data, metadata)
        SELECT p_stream_id, v_version - v_count + e.ord, (e.value->>'eventId')::uuid, e.value->>'type',
               coalesce((e.value->>'schemaVersion')::integer, 1), e.value->'data', e.value->'metadata'
        FROM jsonb_array_elements(p_events) WITH ORDINALITY AS e(value, ord)
        RETURNING global_position, recorded_at
      )
      SELECT jsonb_build_object(
        'streamId', p_stream_id,
        'version', v_version::text,
        'txId', pg_current_xact_id()::text,
        'positions', jsonb_agg(global_position::text ORDER BY global_position),
        'recordedAt', to_char(min(recorded_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
      ) INTO v_result FROM inserted;

      IF p_command_id IS NOT NULL THEN
        INSERT INTO commands (command_id, stream_id, result) VALUES (p_command_id, p_stream_id, v_result);
      END IF;
      RETURN v_result;
    END $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP FUNCTION append_events(text, text, bigint, jsonb, text);
    DROP TABLE audit_ledger, projection_checkpoints, outbox, commands, events, streams;
  `.execute(db);
}
