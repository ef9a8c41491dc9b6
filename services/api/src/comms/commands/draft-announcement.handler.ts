// An admin drafts an announcement; its rich text is sanitized before it reaches the log.
import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { announcementLifecycle, CommandPipeline, type CommandContext } from '@annot/core';
import { type AnnouncementInput, announcementStreamId, draftAnnouncement } from '@annot/workflows';
import { sanitizeAnnouncementHtml } from '../announcement-content';

export class DraftAnnouncementCommand {
  constructor(
    readonly input: AnnouncementInput,
    readonly context: CommandContext,
  ) {}
}

export interface AnnouncementAnswer {
  id: string;
  version: string;
}

@CommandHandler(DraftAnnouncementCommand)
export class DraftAnnouncementHandler implements ICommandHandler<DraftAnnouncementCommand, AnnouncementAnswer> {
  constructor(private readonly pipeline: CommandPipeline) {}

  async execute({ input, context }: DraftAnnouncementCommand): Promise<AnnouncementAnswer> {
    const announcementId = randomUUID();
    const clean = { ...input, content: sanitizeAnnouncementHtml(input.content) };
    const result = await this.pipeline.run(announcementLifecycle, announcementStreamId(announcementId), context, {
      decide: () => draftAnnouncement(announcementId, clean, context.actor.id),
    });
    return { id: announcementId, version: result.version.toString() };
  }
}
