// What the processor needs of each job's handler; the catalogue in core says which names must exist.
import type { Job } from 'bullmq';
import type { JobName } from '@annot/core';

export interface JobHandler {
  name: JobName;
  /** `token` is the job's lock, for a handler that moves its job back to delayed. */
  handle(job: Job, token?: string): Promise<unknown>;
}

export const JOB_HANDLERS = Symbol('JOB_HANDLERS');
