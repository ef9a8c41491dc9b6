// The jobs context of the API: the events stream (job progress, inbox changes), its tickets, and the Redis readiness probe.
import { Module } from '@nestjs/common';
import { MessagesModule } from '../comms/messages.module';
import { IdentityModule } from '../identity/identity.module';
import { JobEventsService } from './job-events.service';
import { JobsController } from './jobs.controller';
import { RedisProbe } from './redis-probe.service';

@Module({
  imports: [IdentityModule, MessagesModule],
  controllers: [JobsController],
  providers: [JobEventsService, RedisProbe],
  exports: [RedisProbe],
})
export class JobsModule {}
