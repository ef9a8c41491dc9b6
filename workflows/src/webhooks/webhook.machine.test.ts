import { describe } from 'vitest';
import { itTakesItsEdges, type MachineEdge, type MachineRefusal } from '../shared/machine-edges.test-support';
import { webhookMachine, type WebhookMachineStatus } from './webhook.machine';

type Event = { type: 'webhook.change' | 'webhook.enable' | 'webhook.disable' | 'webhook.remove' | 'webhook.replay' };
const edges: MachineEdge<WebhookMachineStatus, undefined, Event>[] = [
  ['enabled', 'a PM changes its address or event types', undefined, { type: 'webhook.change' }, 'enabled'],
  ['enabled', 'a PM pauses it', undefined, { type: 'webhook.disable' }, 'disabled'],
  ['enabled', 'a PM asks for a replay', undefined, { type: 'webhook.replay' }, 'enabled'],
  ['enabled', 'a PM removes it', undefined, { type: 'webhook.remove' }, 'removed'],
  ['disabled', 'a PM changes it while paused', undefined, { type: 'webhook.change' }, 'disabled'],
  ['disabled', 'a PM switches it on again', undefined, { type: 'webhook.enable' }, 'enabled'],
  ['disabled', 'a PM asks for a replay that starts once it is on', undefined, { type: 'webhook.replay' }, 'disabled'],
  ['disabled', 'a PM removes it', undefined, { type: 'webhook.remove' }, 'removed'],
];
const refusals: MachineRefusal<WebhookMachineStatus, undefined, Event>[] = [
  ['enabled', 'it is on already', undefined, { type: 'webhook.enable' }],
  ['disabled', 'it is off already', undefined, { type: 'webhook.disable' }],
  ['removed', 'a removed webhook is not changed', undefined, { type: 'webhook.change' }],
  ['removed', 'a removed webhook is not switched on', undefined, { type: 'webhook.enable' }],
  ['removed', 'a removed webhook delivers nothing again', undefined, { type: 'webhook.replay' }],
  ['removed', 'it is removed already', undefined, { type: 'webhook.remove' }],
];

describe('webhook machine', () => {
  for (const state of ['enabled', 'disabled', 'removed'] as const) {
    describe(state, () => itTakesItsEdges(webhookMachine, state, edges, refusals));
  }
});
