// How the command pipeline drives a webhook's stream.
import { evolveWebhook, initialWebhookState, type WebhookEvent, webhookMachine, type WebhookState } from '@annot/workflows';
import type { Lifecycle } from '../commands/command-pipeline';
import { webhookProjection } from './webhook.projection';

export const webhookLifecycle: Lifecycle<WebhookState, WebhookEvent> = {
  machine: webhookMachine,
  initial: initialWebhookState,
  evolve: evolveWebhook,
  status: (state) => state.status,
  context: () => ({}),
  projections: [webhookProjection],
};
