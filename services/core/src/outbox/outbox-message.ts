// A job a command asks for; it is written in the command's transaction and dispatched to BullMQ later.
import type { JobItem } from '../jobs/job-catalogue';

export type OutboxMessage = JobItem & {
  queue?: string;
  /** When the job should run (ISO time); BullMQ holds it as a delayed job until then. Omitted for at once. */
  runAt?: string;
};

/** How long BullMQ should hold a job whose row says when it runs: none for a time already past. */
export const delayUntil = (runAt: Date | string | null, now = Date.now()): number => (runAt === null ? 0 : Math.max(0, new Date(runAt).getTime() - now));
