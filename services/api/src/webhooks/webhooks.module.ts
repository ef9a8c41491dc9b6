// The webhooks context over HTTP: a project's signed webhooks, their delivery log and replays.
import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/projects.module';
import { ChangeWebhookHandler } from './commands/change-webhook.handler';
import { RegisterWebhookHandler } from './commands/register-webhook.handler';
import { WebhooksController } from './webhooks.controller';
import { WebhooksRepository } from './webhooks.repository';

@Module({
  imports: [ProjectsModule],
  controllers: [WebhooksController],
  providers: [WebhooksRepository, RegisterWebhookHandler, ChangeWebhookHandler],
})
export class WebhooksModule {}
