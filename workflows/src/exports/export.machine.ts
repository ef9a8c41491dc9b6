// Lifecycle of an export: queued -> running (again after a crash) -> succeeded -> expired, or failed.
import { setup } from 'xstate';

export type ExportMachineStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'expired';

export const exportMachine = setup({
  types: {
    events: {} as { type: 'export.start' } | { type: 'export.succeed' } | { type: 'export.fail' } | { type: 'export.expire' },
  },
}).createMachine({
  id: 'export',
  version: '1',
  initial: 'queued',
  states: {
    queued: { on: { 'export.start': 'running', 'export.fail': 'failed' } },
    // A worker that died mid-archive left nothing in the destination; the next one starts the archive again.
    running: { on: { 'export.start': 'running', 'export.succeed': 'succeeded', 'export.fail': 'failed' } },
    succeeded: { on: { 'export.expire': 'expired' } },
    failed: { type: 'final' },
    expired: { type: 'final' },
  },
});
