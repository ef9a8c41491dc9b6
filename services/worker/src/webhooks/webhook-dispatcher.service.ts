// Runs webhook delivery for the life of the worker process: every poll, the webhooks with something due get a turn,
// a few at once; several worker processes share them, each webhook held by one at a time.
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { type AppConfig, CONFIG } from '@annot/core';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { WebhookDelivery } from './webhook-delivery';

@Injectable()
export class WebhookDispatcherService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(WebhookDispatcherService.name);
  private running = false;
  private loop: Promise<void> | null = null;
  private readonly turns = new Map<string, Promise<void>>();

  constructor(
    @Inject(CONFIG) private readonly config: AppConfig,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly delivery: WebhookDelivery,
  ) {}

  onApplicationBootstrap(): void {
    this.running = true;
    this.loop = this.run();
  }

  async onApplicationShutdown(): Promise<void> {
    this.running = false;
    await this.loop;
  }

  private async run(): Promise<void> {
    const { pollMs, concurrency } = this.config.webhooks;
    while (this.running) {
      try {
        const free = concurrency - this.turns.size;
        const due = free > 0 ? await this.deliveries.due(concurrency * 4) : [];
        for (const webhookId of due.filter((id) => !this.turns.has(id)).slice(0, free)) this.startTurn(webhookId);
      } catch (error) {
        this.logger.error({ err: error }, 'looking for due webhooks failed');
      }
      await sleep(pollMs);
    }
    await Promise.all(this.turns.values());
  }

  private startTurn(webhookId: string): void {
    const turn = this.delivery
      .turn(webhookId, () => this.running)
      .then(
        () => undefined,
        (error: unknown) => this.logger.error({ err: error, webhookId }, 'webhook delivery turn failed'),
      )
      .finally(() => this.turns.delete(webhookId));
    this.turns.set(webhookId, turn);
  }
}
