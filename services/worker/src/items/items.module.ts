// The worker side of the work loop: the timers and jobs that send item commands.
import { Module } from '@nestjs/common';
import { ItemWork } from '@annot/core';
import { ExpireClaimHandler } from './commands/expire-claim.handler';
import { EnterPoolsJob } from './enter-pools.job';
import { ExpireClaimJob } from './expire-claim.job';
import { ItemsRepository } from './items.repository';

@Module({
  providers: [ItemsRepository, ItemWork, ExpireClaimHandler, ExpireClaimJob, EnterPoolsJob],
  exports: [ExpireClaimJob, EnterPoolsJob],
})
export class ItemsModule {}
