// Ledger verification runs as the audit screen lists them; inline so a command reads its own writes.
import type { AuditEvent } from '@annot/workflows';
import type { StoredEvent } from '../events/stored-event';
import type { Projection } from './projection';

export const auditProjection: Projection = {
  name: 'audits',
  mode: 'inline',
  types: ['AuditRequested', 'AuditStarted', 'AuditPassed', 'AuditFailed'],
  tables: ['audits'],
  async apply(db, events) {
    for (const event of events as StoredEvent<AuditEvent['type']>[]) {
      const version = event.streamPosition;
      switch (event.type) {
        case 'AuditRequested':
          await db
            .insertInto('audits')
            .values({
              audit_id: event.data.auditId,
              status: 'requested',
              requested_by: event.data.requestedBy,
              requested_at: event.recordedAt,
              checked: '0',
              version,
            })
            .execute();
          break;
        case 'AuditStarted':
          await db.updateTable('audits').set({ status: 'running', version }).where('audit_id', '=', event.data.auditId).execute();
          break;
        case 'AuditPassed':
        case 'AuditFailed':
          await db
            .updateTable('audits')
            .set({
              status: event.type === 'AuditPassed' ? 'passed' : 'failed',
              checked: String(event.data.checked),
              first_bad_event: event.type === 'AuditFailed' ? event.data.firstBadEventId : null,
              finished_at: new Date(event.recordedAt),
              version,
            })
            .where('audit_id', '=', event.data.auditId)
            .execute();
          break;
      }
    }
  },
};
