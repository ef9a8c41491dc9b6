import { describe, expect, it } from 'vitest';
import { transition } from 'xstate';
import { allowedEvents, snapshotOf } from '../shared/lifecycle';
import { accountMachine } from './account.machine';

describe('accountMachine', () => {
  describe('active', () => {
    it('signs in, signs out, edits, changes its password, binds a chat account and gets its audited projects without leaving active', () => {
      expect(allowedEvents(accountMachine, 'active', {})).toEqual([
        'account.edit',
        'account.disable',
        'account.sign_in',
        'account.sign_out',
        'account.change_password',
        'account.bind_chat',
        'account.assign_projects',
      ]);
    });
    it('can be disabled', () => {
      const [next] = transition(accountMachine, snapshotOf(accountMachine, 'active', {}), { type: 'account.disable' });
      expect(next.value).toBe('disabled');
    });
  });

  describe('disabled', () => {
    it('cannot sign in, only be edited, get a new password or audited projects, or be enabled again', () => {
      expect(allowedEvents(accountMachine, 'disabled', {})).toEqual(['account.edit', 'account.change_password', 'account.assign_projects', 'account.enable']);
      const [next] = transition(accountMachine, snapshotOf(accountMachine, 'disabled', {}), { type: 'account.enable' });
      expect(next.value).toBe('active');
    });
  });
});
