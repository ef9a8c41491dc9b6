// A job a command asks for; it is written in the command's transaction and dispatched to BullMQ later.
import type { JobItem } from '../jobs/job-catalogue';

export type OutboxMessage = JobItem & { queue?: string };
