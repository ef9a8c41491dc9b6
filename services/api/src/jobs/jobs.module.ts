// The jobs context of the API: the job progress stream and the Redis readiness probe.
import { Module } from '@nestjs/common';
import { JobEventsService } from './job-events.service';
import { JobsController } from './jobs.controller';
import { RedisProbe } from './redis-probe.service';

@Module({
  controllers: [JobsController],
  providers: [JobEventsService, RedisProbe],
  exports: [RedisProbe],
})
export class JobsModule {}
