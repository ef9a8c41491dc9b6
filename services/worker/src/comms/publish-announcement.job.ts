// An announcement's publishing timer, run by BullMQ at the time an admin chose: it publishes the announcement if
// that is still its schedule. One published, stopped or moved meanwhile is left alone, so a job run twice is harmless.
import { Injectable } from '@nestjs/common';
import type { Job } from 'bullmq';
import { announcementLifecycle, announcementStateRow, CommandPipeline, commandContext, type JobData, JobName, LifecycleStates, systemActor } from '@annot/core';
import { announcementStreamId, publishDueAnnouncement } from '@annot/workflows';
import { type JobHandler, waitAgain } from '../jobs/job-handler';

@Injectable()
export class PublishAnnouncementJob implements JobHandler {
  readonly name = JobName.PublishAnnouncement;

  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly states: LifecycleStates,
  ) {}

  async handle(job: Job<JobData<JobName.PublishAnnouncement>>, token?: string): Promise<{ published: boolean }> {
    const { announcementId, publishAt } = job.data;
    const due = Date.parse(publishAt);
    if (Date.now() < due) {
      // Early (a clock behind the API's): wait again until the time, without spending an attempt.
      await waitAgain(job, token, due);
    }
    const streamId = announcementStreamId(announcementId);
    const { state, version } = await this.states.read(announcementStateRow, announcementId);
    if (publishDueAnnouncement(state, announcementId, publishAt, new Date(), systemActor.id).length === 0) return { published: false };
    // Read at `version`: a change made between the read and the append refuses this one, and the retry reads it.
    const context = commandContext(systemActor, { commandId: `${announcementId}:publish:${publishAt}`, correlationId: announcementId, causationId: String(job.id) });
    const result = await this.pipeline.run(announcementLifecycle, streamId, context, {
      event: { type: 'announcement.publish' },
      expectedVersion: version,
      decide: (current) => publishDueAnnouncement(current, announcementId, publishAt, new Date(), systemActor.id),
    });
    return { published: !result.duplicate };
  }
}
