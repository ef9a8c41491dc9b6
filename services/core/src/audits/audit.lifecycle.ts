// How the command pipeline drives a ledger verification run.
import { type AuditEvent, type AuditState, auditMachine, evolveAudit, initialAuditState } from '@annot/workflows';
import type { Lifecycle } from '../commands/command-pipeline';
import { auditProjection } from '../projections/audit.projection';

export const auditLifecycle: Lifecycle<AuditState, AuditEvent> = {
  machine: auditMachine,
  initial: initialAuditState,
  evolve: evolveAudit,
  status: (state) => state.status,
  context: (state) => ({ checked: state.checked }),
  projections: [auditProjection],
};
