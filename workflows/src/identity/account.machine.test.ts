import { describe, expect, it } from 'vitest';
import { transition } from 'xstate';
import { allowedEvents, snapshotOf } from '../shared/lifecycle';
import { accountMachine } from './account.machine';
import { Role } from './roles';

const auditor = { role: Role.Auditor };
const tagger = { role: Role.Tagger };

describe('accountMachine', () => {
  describe('active', () => {
    it('signs in, signs out, edits, changes its password, binds a chat account and gets its audited projects without leaving active', () => {
      expect(allowedEvents(accountMachine, 'active', auditor)).toEqual([
        'account.edit',
        'account.disable',
        'account.sign_in',
        'account.sign_out',
        'account.change_password',
        'account.bind_chat',
        'account.assign_projects',
      ]);
    });
    it('is given projects to read only when it is an auditor', () => {
      expect(allowedEvents(accountMachine, 'active', tagger)).not.toContain('account.assign_projects');
      expect(allowedEvents(accountMachine, 'active', { role: null })).not.toContain('account.assign_projects');
      expect(snapshotOf(accountMachine, 'active', tagger).can({ type: 'account.assign_projects' })).toBe(false);
    });
    it('can be disabled', () => {
      const [next] = transition(accountMachine, snapshotOf(accountMachine, 'active', tagger), { type: 'account.disable' });
      expect(next.value).toBe('disabled');
    });
  });

  describe('disabled', () => {
    it('cannot sign in, only be edited, get a new password or, as an auditor, audited projects, or be enabled again', () => {
      expect(allowedEvents(accountMachine, 'disabled', auditor)).toEqual(['account.edit', 'account.change_password', 'account.assign_projects', 'account.enable']);
      expect(allowedEvents(accountMachine, 'disabled', tagger)).toEqual(['account.edit', 'account.change_password', 'account.enable']);
      const [next] = transition(accountMachine, snapshotOf(accountMachine, 'disabled', tagger), { type: 'account.enable' });
      expect(next.value).toBe('active');
    });
  });
});
