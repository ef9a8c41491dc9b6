// Lifecycle of a webhook: delivering (enabled) or paused (disabled) until it is removed for good.
import { setup } from 'xstate';

export type WebhookMachineStatus = 'enabled' | 'disabled' | 'removed';

export const webhookMachine = setup({
  types: {
    events: {} as { type: 'webhook.change' } | { type: 'webhook.enable' } | { type: 'webhook.disable' } | { type: 'webhook.remove' } | { type: 'webhook.replay' },
  },
}).createMachine({
  id: 'webhook',
  version: '1',
  initial: 'enabled',
  states: {
    enabled: { on: { 'webhook.change': 'enabled', 'webhook.disable': 'disabled', 'webhook.remove': 'removed', 'webhook.replay': 'enabled' } },
    // A paused webhook keeps its place in the log; a replay asked for meanwhile starts once it is switched on.
    disabled: { on: { 'webhook.change': 'disabled', 'webhook.enable': 'enabled', 'webhook.remove': 'removed', 'webhook.replay': 'disabled' } },
    removed: { type: 'final' },
  },
});
