// Inputs of the ledger verification commands, shared by the API and the console.
import { z } from 'zod';

export const requestAuditInput = z.object({}).strict();

export const auditView = z.object({
  auditId: z.uuid(),
  status: z.enum(['requested', 'running', 'passed', 'failed']),
  requestedBy: z.string(),
  requestedAt: z.string(),
  finishedAt: z.string().nullable(),
  checked: z.number(),
  firstBadEventId: z.string().nullable(),
});
export type AuditView = z.infer<typeof auditView>;
