// The worker side of the work loop: the timers that send item commands.
import { Module } from '@nestjs/common';
import { ItemWork } from '@annot/core';
import { ExpireClaimHandler } from './commands/expire-claim.handler';
import { ExpireClaimJob } from './expire-claim.job';
import { TasksRepository } from './tasks.repository';

@Module({
  providers: [TasksRepository, ItemWork, ExpireClaimHandler, ExpireClaimJob],
  exports: [ExpireClaimJob],
})
export class TasksModule {}
