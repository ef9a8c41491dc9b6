// The jobs context of the API: the events stream (job progress, inbox changes), its tickets, and the Redis readiness probe.
// It borrows each subject's access check from the context that owns the subject.
import { Module } from '@nestjs/common';
import { AlgorithmsModule } from '../algorithms/algorithms.module';
import { BatchesModule } from '../batches/batches.module';
import { AnnouncementsModule } from '../comms/announcements.module';
import { MessagesModule } from '../comms/messages.module';
import { ExportsModule } from '../exports/exports.module';
import { IdentityModule } from '../identity/identity.module';
import { ProjectsModule } from '../projects/projects.module';
import { EventStreams } from './event-streams.service';
import { JobAudience } from './job-audience.service';
import { JobEventsService } from './job-events.service';
import { JobsController } from './jobs.controller';
import { RedisProbe } from './redis-probe.service';

@Module({
  imports: [IdentityModule, MessagesModule, ProjectsModule, BatchesModule, ExportsModule, AlgorithmsModule, AnnouncementsModule],
  controllers: [JobsController],
  providers: [JobEventsService, JobAudience, RedisProbe, EventStreams],
  exports: [RedisProbe, EventStreams],
})
export class JobsModule {}
