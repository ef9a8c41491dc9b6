// Lifecycle of a ledger verification run: requested -> running -> passed | failed.
import { setup } from 'xstate';

export type AuditStatus = 'requested' | 'running' | 'passed' | 'failed';

export const auditMachine = setup({
  types: {
    context: {} as { checked: number },
    events: {} as { type: 'audit.start' } | { type: 'audit.pass' } | { type: 'audit.fail' },
  },
}).createMachine({
  id: 'audit',
  version: '1',
  initial: 'requested',
  context: { checked: 0 },
  states: {
    requested: { on: { 'audit.start': 'running', 'audit.fail': 'failed' } },
    running: { on: { 'audit.pass': 'passed', 'audit.fail': 'failed' } },
    passed: { type: 'final' },
    failed: { type: 'final' },
  },
});
