// One test run for the whole repository: pure specs, integration tests on real PostgreSQL and Redis,
// console component tests, and browser tests on Debian's Chromium.
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { SlowestFilesReporter, SlowestFirstSequencer } from './tests/support/file-durations.mts';

const root = import.meta.dirname;
const alias = {
  '@annot/workflows': path.join(root, 'workflows/src/index.ts'),
  '@annot/migrations': path.join(root, 'migrations/src/index.ts'),
  '@annot/core': path.join(root, 'services/core/src/index.ts'),
};
// Nest resolves constructor parameters from decorator metadata, so the transform must emit it.
const server = { oxc: { decorator: { legacy: true, emitDecoratorMetadata: true } }, resolve: { alias } };

export default defineConfig({
  test: {
    // Files mostly wait on PostgreSQL, Redis, queues and timers, so more of them run at once than there are cores
    // (vitest would take one fewer than the cores: one at a time on a two-core machine).
    maxWorkers: 3,
    // A clean clone has no timing cache: the committed times start the slowest files first, and the run ends with them.
    sequence: { sequencer: SlowestFirstSequencer },
    reporters: ['default', new SlowestFilesReporter()],
    projects: [
      {
        ...server,
        test: {
          name: 'unit',
          include: ['workflows/src/**/*.test.ts', 'services/*/src/**/*.spec.ts', 'migrations/src/**/*.test.ts'],
        },
      },
      {
        ...server,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        ...server,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // Two browsers at a time, in a group of its own after the others (projects of one group share one worker
          // count): each file drives Chromium beside a platform of its own, which a two-core machine carries twice.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        resolve: { alias: { '@annot/workflows': alias['@annot/workflows'], '@': path.join(root, 'console/src') } },
        test: {
          name: 'console',
          root: path.join(root, 'console'),
          include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
        },
      },
    ],
  },
});
