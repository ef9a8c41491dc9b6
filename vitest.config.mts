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
// Files that start the platform share their worker's loaded modules instead of importing the API and the worker again
// (about six seconds a file): each starts its own platform on its own database and Redis prefix, and none changes the
// environment or module state another reads.
const shared = { isolate: false };

export default defineConfig({
  test: {
    // Files mostly wait on PostgreSQL, Redis, queues, timers and Chromium (a whole run kept two cores about half busy
    // three files at a time), so more of them run at once than there are cores. Browser files run among the others,
    // slowest first, rather than in a group of their own after them, which left cores idle at each end.
    maxWorkers: 4,
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
          ...shared,
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
          ...shared,
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
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
