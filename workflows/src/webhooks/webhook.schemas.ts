// What registering, changing and replaying a webhook take as input, and what its pages show.
import { z } from 'zod';
import { webhookEventTypes, type WebhookEventType } from './webhook-event-types';

/** The URL's shape; whether plain HTTP is allowed is the server's setting, checked by `judgeWebhookUrl`. */
const url = z
  .string({ error: 'webhooks.url_invalid' })
  .trim()
  .min(1, 'validation.required')
  .max(500, 'validation.too_big')
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'webhooks.url_invalid');

const eventTypes = z
  .array(z.enum(webhookEventTypes as [WebhookEventType, ...WebhookEventType[]], { error: 'webhooks.event_type_unknown' }))
  .min(1, 'webhooks.event_types_required')
  .max(webhookEventTypes.length, 'validation.too_big')
  .refine((types) => new Set(types).size === types.length, 'webhooks.event_types_repeated');

const describing = { url, eventTypes, description: z.string().trim().max(200, 'validation.too_big').default('') };

export const registerWebhookInput = z.object(describing).strict();
export type RegisterWebhookInput = z.infer<typeof registerWebhookInput>;

/** `rotateSecret` makes a new secret, shown once in the answer like the first; the old one stops signing at once. */
export const changeWebhookInput = z.object({ ...describing, rotateSecret: z.boolean().default(false) }).strict();
export type ChangeWebhookInput = z.infer<typeof changeWebhookInput>;

/** Delivers again from a position of the log, or from the first event recorded at or after a time. */
export const replayWebhookInput = z
  .object({
    fromPosition: z.string().regex(/^[1-9]\d{0,17}$/, 'webhooks.position_invalid').optional(),
    fromTime: z.iso.datetime({ offset: true, error: 'webhooks.time_invalid' }).optional(),
  })
  .strict()
  .refine((input) => (input.fromPosition === undefined) !== (input.fromTime === undefined), { message: 'webhooks.replay_from_one', path: ['fromPosition'] });
export type ReplayWebhookInput = z.infer<typeof replayWebhookInput>;

export const webhookStatuses = ['enabled', 'disabled'] as const;
export type WebhookStatus = (typeof webhookStatuses)[number];

export interface WebhookView {
  id: string;
  projectId: string;
  url: string;
  description: string;
  eventTypes: WebhookEventType[];
  status: WebhookStatus;
  registeredBy: string;
  registeredAt: string;
  /** Where delivery stands: the log position last delivered, and the failing event's retries if any. */
  delivery: {
    deliveredPosition: string | null;
    lastDeliveredAt: string | null;
    failures: number;
    nextAttemptAt: string | null;
    lastError: string | null;
  };
  etag: string;
}

/** The answer of a registration or a secret rotation: the only time the secret is ever shown. */
export interface WebhookSecretAnswer {
  id: string;
  version: string;
  secret: string | null;
}

export interface WebhookDeliveryView {
  id: string;
  /** The delivery id the receiver sees (X-Annot-Delivery): the event's id. */
  eventId: string;
  eventType: string;
  globalPosition: string;
  attempt: number;
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  attemptedAt: string;
}
