// What the processor needs of each job's handler; the catalogue in core says which names must exist.
import { DelayedError, type Job } from 'bullmq';
import type { JobName } from '@annot/core';

export interface JobHandler {
  name: JobName;
  /**
   * `token` is the job's lock, for a handler that moves its job back to delayed. `stop` is aborted when the worker
   * stops while the job runs on: a long job gives itself back to the queue (`waitAgain`) rather than hold the stop.
   */
  handle(job: Job, token?: string, stop?: AbortSignal): Promise<unknown>;
}

export const JOB_HANDLERS = Symbol('JOB_HANDLERS');

/**
 * Puts a job back in the queue until `at` without counting a failed try: one that came early waits for its time, one
 * that stopped part-way goes back at once for the next worker. Awaited by its handler, as it throws BullMQ's word.
 */
export async function waitAgain(job: Job, token: string | undefined, at = Date.now()): Promise<never> {
  await job.moveToDelayed(at, token);
  throw new DelayedError();
}
