// Events of a webhook's stream (`webhook-<id>`): registered, changed, switched on or off, removed, asked to replay.
import { z } from 'zod';
import { sealedSecret } from '../algorithms/algorithm.events';
import type { DomainEvent } from '../shared/event';

const ref = { webhookId: z.uuid(), projectId: z.uuid() };
const describing = { url: z.string(), eventTypes: z.array(z.string()), description: z.string() };

export const webhookEventSchemas = {
  /** The secret is sealed with the platform's key: neither the log nor a replay holds it in clear. */
  WebhookRegistered: z.object({ ...ref, ...describing, secret: sealedSecret, registeredBy: z.string() }),
  /** `secret` only when it was rotated. */
  WebhookChanged: z.object({ ...ref, ...describing, secret: sealedSecret.optional() }),
  WebhookEnabled: z.object(ref),
  WebhookDisabled: z.object(ref),
  WebhookRemoved: z.object({ ...ref, removedBy: z.string() }),
  /** Delivery goes back to this global position of the log: what was delivered from there is delivered again. */
  WebhookReplayRequested: z.object({ ...ref, fromPosition: z.string(), requestedBy: z.string() }),
};

type Data<K extends keyof typeof webhookEventSchemas> = z.infer<(typeof webhookEventSchemas)[K]>;
export type WebhookRegistered = DomainEvent<'WebhookRegistered', Data<'WebhookRegistered'>>;
export type WebhookChanged = DomainEvent<'WebhookChanged', Data<'WebhookChanged'>>;
export type WebhookEnabled = DomainEvent<'WebhookEnabled', Data<'WebhookEnabled'>>;
export type WebhookDisabled = DomainEvent<'WebhookDisabled', Data<'WebhookDisabled'>>;
export type WebhookRemoved = DomainEvent<'WebhookRemoved', Data<'WebhookRemoved'>>;
export type WebhookReplayRequested = DomainEvent<'WebhookReplayRequested', Data<'WebhookReplayRequested'>>;
export type WebhookEvent = WebhookRegistered | WebhookChanged | WebhookEnabled | WebhookDisabled | WebhookRemoved | WebhookReplayRequested;
export const webhookStreamId = (webhookId: string): string => `webhook-${webhookId}`;
