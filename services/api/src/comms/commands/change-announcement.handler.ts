// An admin edits, schedules, publishes or stops an announcement. Scheduling asks for the publishing timer: a
// delayed job written in the same transaction, which publishes it when its time comes.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { announcementLifecycle, AppError, CommandPipeline, type CommandContext, JobName, type OutboxMessage } from '@annot/core';
import {
  type AnnouncementEvent,
  type AnnouncementInput,
  AnnouncementRefusal,
  type AnnouncementState,
  announcementStreamId,
  editAnnouncement,
  publishAnnouncement,
  scheduleAnnouncement,
  stopAnnouncement,
} from '@annot/workflows';
import { sanitizeAnnouncementHtml } from '../announcement-content';
import type { AnnouncementAnswer } from './draft-announcement.handler';

export type AnnouncementChange = { kind: 'edit'; input: AnnouncementInput } | { kind: 'schedule'; publishAt: string } | { kind: 'publish' } | { kind: 'stop' };

export class ChangeAnnouncementCommand {
  constructor(
    readonly announcementId: string,
    readonly change: AnnouncementChange,
    readonly expectedVersion: bigint | undefined,
    readonly context: CommandContext,
  ) {}
}

@CommandHandler(ChangeAnnouncementCommand)
export class ChangeAnnouncementHandler implements ICommandHandler<ChangeAnnouncementCommand, AnnouncementAnswer> {
  constructor(private readonly pipeline: CommandPipeline) {}

  async execute({ announcementId, change, expectedVersion, context }: ChangeAnnouncementCommand): Promise<AnnouncementAnswer> {
    const clean = change.kind === 'edit' ? { ...change.input, content: sanitizeAnnouncementHtml(change.input.content) } : null;
    const now = new Date();
    // The event and the timer carry the same spelling of the time: the timer publishes only the schedule it names.
    const publishAt = change.kind === 'schedule' ? new Date(change.publishAt) : null;
    try {
      const result = await this.pipeline.run(announcementLifecycle, announcementStreamId(announcementId), context, {
        event: { type: `announcement.${change.kind}` },
        expectedVersion,
        decide: (state: AnnouncementState): AnnouncementEvent[] => {
          const by = context.actor.id;
          switch (change.kind) {
            case 'edit':
              return editAnnouncement(state, announcementId, clean!);
            case 'schedule':
              return scheduleAnnouncement(announcementId, publishAt!, now, by);
            case 'publish':
              return publishAnnouncement(announcementId, now, by);
            case 'stop':
              return stopAnnouncement(announcementId, by);
          }
        },
        outbox: (): OutboxMessage[] => (publishAt ? [{ name: JobName.PublishAnnouncement, data: { announcementId, publishAt: publishAt.toISOString() }, runAt: publishAt.toISOString() }] : []),
      });
      return { id: announcementId, version: result.version.toString() };
    } catch (error) {
      if (error instanceof AnnouncementRefusal) throw new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, [{ field: 'publishAt', messageKey: error.messageKey }]);
      throw error;
    }
  }
}
