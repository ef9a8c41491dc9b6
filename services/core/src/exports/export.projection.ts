// Export records as the export page lists them; inline so the worker's next command and the page read its writes.
import { evolveExport, type ExportEvent, type ExportState, initialExportState } from '@annot/workflows';
import type { StoredEvent } from '../events/stored-event';
import { foldStates, type StateRow } from '../projections/lifecycle-state';
import type { Projection } from '../projections/projection';

/** An export's lifecycle state on its row: the export jobs read from it whether to run. */
export const exportStateRow: StateRow<ExportState> = {
  stream: 'export-',
  table: 'export_records',
  key: 'export_id',
  version: 'version',
  initial: initialExportState,
  evolve: evolveExport,
};

export const exportProjection: Projection = {
  name: 'export_records',
  mode: 'inline',
  types: ['ExportRequested', 'ExportStarted', 'ExportSucceeded', 'ExportFailed', 'ExportExpired'],
  tables: ['export_records'],
  async apply(db, events) {
    for (const event of events as StoredEvent<ExportEvent['type']>[]) {
      const version = event.streamPosition;
      const record = db.updateTable('export_records').where('export_id', '=', event.data.exportId);
      switch (event.type) {
        case 'ExportRequested': {
          const data = event.data as Extract<ExportEvent, { type: 'ExportRequested' }>['data'];
          await db
            .insertInto('export_records')
            .values({
              export_id: data.exportId,
              project_id: data.projectId,
              format: data.format,
              scope: JSON.stringify(data.scope),
              with_media: data.withMedia,
              naming: data.naming,
              file_name: data.fileName,
              destination: JSON.stringify(data.destination),
              status: 'queued',
              requested_by: data.requestedBy,
              requested_at: event.recordedAt,
              attempts: 0,
              items: 0,
              objects: 0,
              bytes: 0,
              version,
            })
            .execute();
          break;
        }
        case 'ExportStarted': {
          const { attempt } = event.data as Extract<ExportEvent, { type: 'ExportStarted' }>['data'];
          await record.set({ status: 'running', started_at: event.recordedAt, started_position: event.globalPosition, attempts: attempt, version }).execute();
          break;
        }
        case 'ExportSucceeded': {
          const data = event.data as Extract<ExportEvent, { type: 'ExportSucceeded' }>['data'];
          await record
            .set({
              status: 'succeeded',
              finished_at: event.recordedAt,
              took_ms: data.tookMs,
              items: data.items,
              objects: data.objects,
              bytes: data.bytes,
              location: data.location,
              expires_at: data.expiresAt,
              version,
            })
            .execute();
          break;
        }
        case 'ExportFailed': {
          const data = event.data as Extract<ExportEvent, { type: 'ExportFailed' }>['data'];
          await record.set({ status: 'failed', finished_at: event.recordedAt, reason_key: data.reasonKey, reason_params: JSON.stringify(data.params ?? {}), version }).execute();
          break;
        }
        case 'ExportExpired':
          await record.set({ status: 'expired', version }).execute();
          break;
      }
    }
    await foldStates(db, exportStateRow, events);
  },
};
