// One round trip for a command that writes many streams (a claim of ten items): every stream's version is checked
// and bumped, all events are inserted in one statement, the command id and the outbox rows are written beside them.
import { Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION append_streams(p_streams jsonb, p_command_id text, p_outbox jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
    DECLARE
      v_stream   jsonb;
      v_id       text;
      v_expected bigint;
      v_count    integer;
      v_version  bigint;
      v_versions jsonb;
      v_results  jsonb;
    BEGIN
      IF p_command_id IS NOT NULL THEN
        SELECT result INTO v_results FROM commands WHERE command_id = p_command_id;
        IF FOUND THEN
          RETURN jsonb_build_array(v_results || '{"duplicate": true}'::jsonb);
        END IF;
      END IF;

      -- New streams in one statement (a claim's fresh items), in stream id order like every lock taken here.
      WITH fresh AS (
        INSERT INTO streams (stream_id, stream_type, version)
        SELECT value->>'streamId', value->>'streamType', jsonb_array_length(value->'events')
        FROM jsonb_array_elements(p_streams) WHERE (value->>'expected')::bigint = 0
        ORDER BY value->>'streamId'
        ON CONFLICT (stream_id) DO NOTHING
        RETURNING stream_id, version
      )
      SELECT coalesce(jsonb_object_agg(stream_id, version), '{}'::jsonb) INTO v_versions FROM fresh;
      SELECT value->>'streamId' INTO v_id FROM jsonb_array_elements(p_streams)
      WHERE (value->>'expected')::bigint = 0 AND NOT v_versions ? (value->>'streamId') LIMIT 1;
      IF v_id IS NOT NULL THEN
        RAISE EXCEPTION 'stream % is not at version 0', v_id USING ERRCODE = 'ES409', DETAIL = v_id;
      END IF;

      -- In stream id order, so two commands writing the same streams lock them in the same order and never deadlock.
      FOR v_stream IN SELECT value FROM jsonb_array_elements(p_streams) WHERE (value->>'expected')::bigint <> 0 ORDER BY value->>'streamId' LOOP
        v_id := v_stream->>'streamId';
        v_expected := (v_stream->>'expected')::bigint;
        v_count := jsonb_array_length(v_stream->'events');
        v_version := NULL;
        IF v_expected < 0 THEN
          INSERT INTO streams (stream_id, stream_type, version) VALUES (v_id, v_stream->>'streamType', v_count)
          ON CONFLICT (stream_id) DO UPDATE SET version = streams.version + v_count, updated_at = now()
          RETURNING version INTO v_version;
        ELSE
          UPDATE streams SET version = version + v_count, updated_at = now()
          WHERE stream_id = v_id AND version = v_expected
          RETURNING version INTO v_version;
        END IF;
        IF v_version IS NULL THEN
          RAISE EXCEPTION 'stream % is not at version %', v_id, v_expected
            USING ERRCODE = 'ES409', DETAIL = v_id;
        END IF;
        v_versions := v_versions || jsonb_build_object(v_id, v_version);
      END LOOP;

      WITH input AS (
        SELECT s.ord AS stream_ord, s.value->>'streamId' AS stream_id, jsonb_array_length(s.value->'events') AS n, e.ord, e.value AS event
        FROM jsonb_array_elements(p_streams) WITH ORDINALITY AS s(value, ord),
             jsonb_array_elements(s.value->'events') WITH ORDINALITY AS e(value, ord)
      ),
      inserted AS (
        INSERT INTO events (stream_id, stream_position, event_id, type, schema_version, data, metadata)
        SELECT stream_id, (v_versions->>stream_id)::bigint - n + ord, (event->>'eventId')::uuid, event->>'type',
               coalesce((event->>'schemaVersion')::integer, 1), event->'data', event->'metadata'
        FROM input ORDER BY stream_ord, ord
        RETURNING stream_id, global_position, recorded_at
      ),
      per_stream AS (
        SELECT stream_id, min(global_position) AS first, min(recorded_at) AS recorded_at,
               jsonb_agg(global_position::text ORDER BY global_position) AS positions
        FROM inserted GROUP BY stream_id
      )
      SELECT jsonb_agg(jsonb_build_object(
        'streamId', stream_id,
        'version', v_versions->>stream_id,
        'txId', pg_current_xact_id()::text,
        'positions', positions,
        'recordedAt', to_char(recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
      ) ORDER BY first) INTO v_results FROM per_stream;

      IF p_command_id IS NOT NULL THEN
        INSERT INTO commands (command_id, stream_id, result) VALUES (p_command_id, v_results->0->>'streamId', v_results->0);
      END IF;
      IF jsonb_array_length(p_outbox) > 0 THEN
        INSERT INTO outbox (queue, job_name, payload, command_id, run_at)
        SELECT m->>'queue', m->>'name', m->'data', p_command_id, (m->>'runAt')::timestamptz
        FROM jsonb_array_elements(p_outbox) AS m;
      END IF;
      RETURN v_results;
    END $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION append_streams(jsonb, text, jsonb)`.execute(db);
}
