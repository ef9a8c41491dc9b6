// The webhooks of each project as their page lists them; inline, so a change is listed by the next read.
import { evolveWebhook, initialWebhookState, type WebhookEvent, type WebhookState } from '@annot/workflows';
import type { StoredEvent } from '../events/stored-event';
import { foldStates, type StateRow } from '../projections/lifecycle-state';
import type { Projection } from '../projections/projection';

type Data<T extends WebhookEvent['type']> = Extract<WebhookEvent, { type: T }>['data'];

/** A webhook's lifecycle state on its row, its sealed secret included: delivery reads it each turn. */
export const webhookStateRow: StateRow<WebhookState> = {
  stream: 'webhook-',
  table: 'webhooks',
  key: 'webhook_id',
  version: 'version',
  initial: initialWebhookState,
  evolve: evolveWebhook,
};

export const webhookProjection: Projection = {
  name: 'webhooks',
  mode: 'inline',
  types: ['WebhookRegistered', 'WebhookChanged', 'WebhookEnabled', 'WebhookDisabled', 'WebhookRemoved', 'WebhookReplayRequested'],
  tables: ['webhooks'],
  async apply(db, events) {
    for (const event of events as StoredEvent<WebhookEvent['type']>[]) {
      const version = event.streamPosition;
      const row = (webhookId: string) => db.updateTable('webhooks').where('webhook_id', '=', webhookId);
      switch (event.type) {
        case 'WebhookRegistered': {
          const d = event.data as Data<'WebhookRegistered'>;
          await db
            .insertInto('webhooks')
            .values({
              webhook_id: d.webhookId,
              project_id: d.projectId,
              url: d.url,
              description: d.description,
              event_types: JSON.stringify(d.eventTypes),
              status: 'enabled',
              registered_by: d.registeredBy,
              registered_at: event.recordedAt,
              version,
            })
            .execute();
          break;
        }
        case 'WebhookChanged': {
          const d = event.data as Data<'WebhookChanged'>;
          await row(d.webhookId).set({ url: d.url, description: d.description, event_types: JSON.stringify(d.eventTypes), version }).execute();
          break;
        }
        case 'WebhookEnabled':
        case 'WebhookDisabled':
          await row((event.data as Data<'WebhookEnabled'>).webhookId)
            .set({ status: event.type === 'WebhookEnabled' ? 'enabled' : 'disabled', version })
            .execute();
          break;
        case 'WebhookRemoved':
          await db.deleteFrom('webhooks').where('webhook_id', '=', (event.data as Data<'WebhookRemoved'>).webhookId).execute();
          break;
        case 'WebhookReplayRequested':
          // The replay itself is the worker's: it sees the count grow past the replays its cursor took into account.
          await row((event.data as Data<'WebhookReplayRequested'>).webhookId)
            .set((eb) => ({ replays: eb('replays', '+', 1), version }))
            .execute();
          break;
      }
    }
    await foldStates(db, webhookStateRow, events);
  },
};
