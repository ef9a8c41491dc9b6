// The worker side of webhooks: signed delivery of a project's events from the log, with retries and a delivery log.
import { Module } from '@nestjs/common';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookDelivery } from './webhook-delivery';
import { WebhookDispatcherService } from './webhook-dispatcher.service';

@Module({
  providers: [WebhookDeliveriesRepository, WebhookDelivery, WebhookDispatcherService],
})
export class WebhooksModule {}
