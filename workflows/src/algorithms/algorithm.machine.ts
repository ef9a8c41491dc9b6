// Lifecycle of a registered algorithm: switched on or off; only a switched-on algorithm is called.
import { setup } from 'xstate';

export type AlgorithmMachineStatus = 'enabled' | 'disabled';

export const algorithmMachine = setup({
  types: {
    events: {} as { type: 'algorithm.edit' } | { type: 'algorithm.add_version' } | { type: 'algorithm.enable' } | { type: 'algorithm.disable' } | { type: 'algorithm.call' },
  },
}).createMachine({
  id: 'algorithm',
  version: '1',
  initial: 'enabled',
  states: {
    enabled: { on: { 'algorithm.edit': 'enabled', 'algorithm.add_version': 'enabled', 'algorithm.disable': 'disabled', 'algorithm.call': 'enabled' } },
    disabled: { on: { 'algorithm.edit': 'disabled', 'algorithm.add_version': 'disabled', 'algorithm.enable': 'enabled' } },
  },
});
