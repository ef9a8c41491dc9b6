// Lifecycle of an account: active or disabled; only an active account signs in or changes its password.
import { setup } from 'xstate';

export type AccountStatus = 'active' | 'disabled';

export const accountMachine = setup({
  types: {
    context: {} as Record<string, never>,
    events: {} as
      | { type: 'account.edit' }
      | { type: 'account.disable' }
      | { type: 'account.enable' }
      | { type: 'account.sign_in' }
      | { type: 'account.sign_out' }
      | { type: 'account.change_password' }
      | { type: 'account.bind_chat' }
      | { type: 'account.assign_projects' },
  },
}).createMachine({
  id: 'account',
  version: '1',
  initial: 'active',
  context: {},
  states: {
    active: {
      on: {
        'account.edit': 'active',
        'account.disable': 'disabled',
        'account.sign_in': 'active',
        'account.sign_out': 'active',
        'account.change_password': 'active',
        'account.bind_chat': 'active',
        'account.assign_projects': 'active',
      },
    },
    disabled: {
      on: { 'account.edit': 'disabled', 'account.enable': 'active', 'account.change_password': 'disabled', 'account.assign_projects': 'disabled' },
    },
  },
});
