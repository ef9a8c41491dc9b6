// Lifecycle of an account: active or disabled; only an active account signs in, and only an auditor's account is
// given projects to read.
import { setup } from 'xstate';
import { Role } from './roles';

export type AccountStatus = 'active' | 'disabled';

/** What the machine's guards read: the account's role. */
export interface AccountContext {
  role: string | null;
}

export const accountMachine = setup({
  types: {
    context: {} as AccountContext,
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
  guards: {
    isAuditor: ({ context }) => context.role === Role.Auditor,
  },
}).createMachine({
  id: 'account',
  version: '2',
  initial: 'active',
  context: { role: null },
  states: {
    active: {
      on: {
        'account.edit': 'active',
        'account.disable': 'disabled',
        'account.sign_in': 'active',
        'account.sign_out': 'active',
        'account.change_password': 'active',
        'account.bind_chat': 'active',
        'account.assign_projects': { target: 'active', guard: 'isAuditor' },
      },
    },
    disabled: {
      on: { 'account.edit': 'disabled', 'account.enable': 'active', 'account.change_password': 'disabled', 'account.assign_projects': { target: 'disabled', guard: 'isAuditor' } },
    },
  },
});
