import { describe, expect, it } from 'vitest';
import { transition } from 'xstate';
import { auditMachine } from './audit.machine';
import { allowedEvents, decide, snapshotOf } from '../shared/lifecycle';

describe('auditMachine', () => {
  describe('requested', () => {
    it('starts running when the worker picks the run up', () => {
      const [next] = transition(auditMachine, snapshotOf(auditMachine, 'requested', { checked: 0 }), { type: 'audit.start' });
      expect(next.value).toBe('running');
    });
    it('refuses a pass before the run started and names what is allowed', () => {
      expect(decide(auditMachine, 'requested', { checked: 0 }, { type: 'audit.pass' })).toEqual({
        allowed: false,
        from: 'requested',
        event: 'audit.pass',
        allowedEvents: ['audit.start', 'audit.fail'],
      });
    });
  });
  describe('running', () => {
    it('ends passed or failed', () => {
      const snapshot = snapshotOf(auditMachine, 'running', { checked: 0 });
      expect(transition(auditMachine, snapshot, { type: 'audit.pass' })[0].value).toBe('passed');
      expect(transition(auditMachine, snapshot, { type: 'audit.fail' })[0].value).toBe('failed');
    });
  });
  describe('passed', () => {
    it('allows nothing more', () => {
      expect(allowedEvents(auditMachine, 'passed', { checked: 3 })).toEqual([]);
    });
  });
});
