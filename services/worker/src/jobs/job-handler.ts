// What the processor needs of each job's handler; the catalogue in core says which names must exist.
import { DelayedError, type Job } from 'bullmq';
import type { JobName } from '@annot/core';

export interface JobHandler {
  name: JobName;
  /**
   * `token` is the job's lock, for a handler that moves its job back to delayed. `stop` is aborted when the worker
   * stops while the job runs on: a long job gives itself back to the queue (`givenBack`) rather than hold the stop.
   */
  handle(job: Job, token?: string, stop?: AbortSignal): Promise<unknown>;
}

export const JOB_HANDLERS = Symbol('JOB_HANDLERS');

/** Puts a job that stopped part-way back in the queue at once, without counting a failed try, for the next worker. */
export async function givenBack(job: Job, token: string | undefined): Promise<never> {
  await job.moveToDelayed(Date.now(), token);
  throw new DelayedError();
}
