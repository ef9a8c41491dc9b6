// What the processor needs of each job's handler; the catalogue in core says which names must exist.
import type { Job } from 'bullmq';
import type { JobName } from '@annot/core';

export interface JobHandler {
  name: JobName;
  handle(job: Job): Promise<unknown>;
}

export const JOB_HANDLERS = Symbol('JOB_HANDLERS');
