// The worker side of announcements: the publishing timer.
import { Module } from '@nestjs/common';
import { PublishAnnouncementJob } from './publish-announcement.job';

@Module({
  providers: [PublishAnnouncementJob],
  exports: [PublishAnnouncementJob],
})
export class AnnouncementsModule {}
