// Events of a ledger verification run, the auditor's check that the event log was not altered.
import { z } from 'zod';
import type { DomainEvent } from '../shared/event';

export const auditRequestedData = z.object({ auditId: z.uuid(), requestedBy: z.string() });
export const auditStartedData = z.object({ auditId: z.uuid(), jobId: z.string() });
export const auditPassedData = z.object({ auditId: z.uuid(), checked: z.number().int().nonnegative() });
export const auditFailedData = z.object({
  auditId: z.uuid(),
  checked: z.number().int().nonnegative(),
  firstBadEventId: z.uuid().nullable(),
  reason: z.string(),
});

export type AuditRequested = DomainEvent<'AuditRequested', z.infer<typeof auditRequestedData>>;
export type AuditStarted = DomainEvent<'AuditStarted', z.infer<typeof auditStartedData>>;
export type AuditPassed = DomainEvent<'AuditPassed', z.infer<typeof auditPassedData>>;
export type AuditFailed = DomainEvent<'AuditFailed', z.infer<typeof auditFailedData>>;
export type AuditEvent = AuditRequested | AuditStarted | AuditPassed | AuditFailed;
export const auditStreamId = (auditId: string): string => `audit-${auditId}`;
