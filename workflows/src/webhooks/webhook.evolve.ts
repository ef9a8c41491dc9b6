// Folds a webhook's events into what its commands and its delivery decide on.
import type { SealedSecret } from '../algorithms/algorithm.events';
import type { WebhookEvent } from './webhook.events';
import type { WebhookMachineStatus } from './webhook.machine';

export interface WebhookState {
  status: WebhookMachineStatus | 'none';
  projectId: string;
  url: string;
  eventTypes: string[];
  description: string;
  secret: SealedSecret | null;
  /** How many replays were asked for, and the position of the latest: delivery compares the count with its own. */
  replays: number;
  replayFrom: string | null;
}

export const initialWebhookState: WebhookState = { status: 'none', projectId: '', url: '', eventTypes: [], description: '', secret: null, replays: 0, replayFrom: null };

export function evolveWebhook(state: WebhookState, event: WebhookEvent): WebhookState {
  switch (event.type) {
    case 'WebhookRegistered': {
      const { projectId, url, eventTypes, description, secret } = event.data;
      return { ...state, status: 'enabled', projectId, url, eventTypes, description, secret };
    }
    case 'WebhookChanged': {
      const { url, eventTypes, description, secret } = event.data;
      return { ...state, url, eventTypes, description, secret: secret ?? state.secret };
    }
    case 'WebhookEnabled':
      return { ...state, status: 'enabled' };
    case 'WebhookDisabled':
      return { ...state, status: 'disabled' };
    case 'WebhookRemoved':
      return { ...state, status: 'removed' };
    case 'WebhookReplayRequested':
      return { ...state, replays: state.replays + 1, replayFrom: event.data.fromPosition };
  }
}
