// The management log: who did what and when, one row per event, read by the log screen and auditors.
import { sql } from 'kysely';
import type { Projection } from './projection';

export const managementLogProjection: Projection = {
  name: 'management-log',
  mode: 'async',
  tables: ['management_log'],
  async apply(db, events) {
    if (events.length === 0) return;
    // One JSON document per batch: a single parameter whatever the batch size. json_to_recordset reads each
    // record lazily and the summary is stored as json text, which is what makes a rebuild fast.
    const rows = events.map((e) => ({
      global_position: e.globalPosition,
      event_id: e.eventId,
      stream_id: e.streamId,
      event_type: e.type,
      actor_id: e.metadata?.actorId ?? null,
      actor_role: e.metadata?.actorRole ?? null,
      summary: withoutSecrets(e.data),
      recorded_at: e.recordedAt,
      project_id: projectOf(e.data),
      project_ids: otherProjectsOf(e.data),
    }));
    await sql`
      INSERT INTO management_log
        (global_position, event_id, stream_id, event_type, actor_id, actor_role, summary, recorded_at, project_id, project_ids)
      SELECT global_position, event_id, stream_id, event_type, actor_id, actor_role, summary, recorded_at, project_id, project_ids
      FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r(
        global_position bigint, event_id uuid, stream_id text, event_type text,
        actor_id text, actor_role text, summary json, recorded_at timestamptz, project_id uuid, project_ids uuid[])`.execute(db);
  },
};

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The project an event names in its data, as migration 098 read it from the rows logged before. */
function projectOf(data: unknown): string | null {
  const id = typeof data === 'object' && data !== null ? (data as { projectId?: unknown }).projectId : undefined;
  return typeof id === 'string' && uuid.test(id) ? id : null;
}

/** The projects an event names besides its own, as migration 100 read them from the log: a clone's source, an auditor's set. */
function otherProjectsOf(data: unknown): string[] | null {
  if (typeof data !== 'object' || data === null) return null;
  const { clonedFrom, projectIds, projectId } = data as { clonedFrom?: unknown; projectIds?: unknown; projectId?: unknown };
  const named = [clonedFrom, ...(Array.isArray(projectIds) ? projectIds : [])].filter((id): id is string => typeof id === 'string' && uuid.test(id) && id !== projectId);
  const ids = [...new Set(named.map((id) => id.toLowerCase()))].sort();
  return ids.length > 0 ? ids : null;
}

const secret = /password|token|hash|code/i;

/** Arrays longer than this are logged as their length: an import's chunk carries a thousand file names. */
const longArray = 100;

/** The log is read by people; hashes, tokens and codes stay in the event store, and so do long lists. */
export function withoutSecrets(data: unknown): unknown {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return data;
  return Object.fromEntries(
    Object.entries(data)
      .filter(([key]) => !secret.test(key))
      .map(([key, value]) => [key, Array.isArray(value) && value.length > longArray ? value.length : value]),
  );
}
