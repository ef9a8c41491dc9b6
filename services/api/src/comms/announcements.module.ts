// Announcements over HTTP: the admin's management routes and every reader's notices.
import { Module } from '@nestjs/common';
import { AnnouncementNoticesController } from './announcement-notices.controller';
import { AnnouncementsController } from './announcements.controller';
import { AnnouncementsRepository } from './announcements.repository';
import { ChangeAnnouncementHandler } from './commands/change-announcement.handler';
import { DraftAnnouncementHandler } from './commands/draft-announcement.handler';

@Module({
  controllers: [AnnouncementsController, AnnouncementNoticesController],
  providers: [AnnouncementsRepository, DraftAnnouncementHandler, ChangeAnnouncementHandler],
  exports: [AnnouncementsRepository],
})
export class AnnouncementsModule {}
