// Folds a ledger verification run's events into its current state.
import type { AuditEvent } from './audit.events';
import type { AuditStatus } from './audit.machine';

export interface AuditState {
  status: AuditStatus | 'none';
  checked: number;
  firstBadEventId: string | null;
}

export const initialAuditState: AuditState = { status: 'none', checked: 0, firstBadEventId: null };

export function evolveAudit(state: AuditState, event: AuditEvent): AuditState {
  switch (event.type) {
    case 'AuditRequested':
      return { ...state, status: 'requested' };
    case 'AuditStarted':
      return { ...state, status: 'running' };
    case 'AuditPassed':
      return { ...state, status: 'passed', checked: event.data.checked };
    case 'AuditFailed':
      return { ...state, status: 'failed', checked: event.data.checked, firstBadEventId: event.data.firstBadEventId };
  }
}
