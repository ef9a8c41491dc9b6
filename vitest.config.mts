// One test run for the whole repository: pure specs, integration tests on real PostgreSQL and Redis,
// console component tests, and browser tests on Debian's Chromium.
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { SlowestFilesReporter, SlowestFirstSequencer } from './tests/support/file-durations.mts';

const root = import.meta.dirname;
const alias = {
  '@annot/workflows': path.join(root, 'workflows/src/index.ts'),
  '@annot/migrations': path.join(root, 'migrations/src/index.ts'),
  '@annot/core': path.join(root, 'services/core/src/index.ts'),
};
// Nest resolves constructor parameters from decorator metadata, so the transform must emit it.
const server = { oxc: { decorator: { legacy: true, emitDecoratorMetadata: true } }, resolve: { alias } };
// The files a worker runs share its loaded modules (and the console's files its DOM environment) instead of importing
// them again for each file: about six seconds a file that starts the platform, and a whole run's CPU minutes for the
// specs and the console. Each file starts its own platform on its own database and Redis prefix, renders into a DOM
// the testing library empties after each test, and none changes the environment or module state another reads.
const shared = { isolate: false };
// Specs beside the services that run on a real database (a command handler's events and rows): they need the migrated
// template and the choice of services the integration tests' set-up makes, so they run with them.
const mediumSpecs = 'services/*/src/**/*.medium.spec.ts';

export default defineConfig({
  test: {
    // Files mostly wait on PostgreSQL, Redis, queues, timers and the demo's seeding, so more of them run at once than
    // there are cores (vitest would take one fewer than the cores: one at a time on a two-core machine). Five at a time
    // hold more connections than PostgreSQL's default 100 (each file's platform has pools of its own, a few start
    // services beside it). The browser files have a group and a count of their own below.
    maxWorkers: 4,
    // A clean clone has no timing cache: the committed times start the slowest files first, and the run ends with them.
    sequence: { sequencer: SlowestFirstSequencer },
    reporters: ['default', new SlowestFilesReporter()],
    projects: [
      {
        ...server,
        test: {
          name: 'unit',
          ...shared,
          include: ['workflows/src/**/*.test.ts', 'services/*/src/**/*.spec.ts', 'migrations/src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, mediumSpecs],
          // A few specs do seconds of pure work (the detector's twenty scenes, a result at its point limit) on cores the
          // integration files share: vitest's five seconds are too few for them on a busy machine.
          testTimeout: 20_000,
        },
      },
      {
        ...server,
        test: {
          name: 'integration',
          ...shared,
          include: ['tests/integration/**/*.test.ts', mediumSpecs],
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: ['tests/support/file-cpu.ts'],
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
          setupFiles: ['tests/support/file-cpu.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // A page answers after its requests, which wait their turn on a machine running two browsers beside their
          // platforms: vitest's one second for expect.poll is less than a loaded page takes to show its counts.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          // Three browsers at a time, in a group of its own after the others (projects of one group share one worker
          // count): each file drives Chromium beside a platform of its own, and mostly waits on it, so two of them left
          // a third of a two-core machine idle.
          maxWorkers: 3,
          sequence: { groupOrder: 1 },
        },
      },
      {
        resolve: { alias: { '@annot/workflows': alias['@annot/workflows'], '@': path.join(root, 'console/src') } },
        test: {
          name: 'console',
          ...shared,
          root: path.join(root, 'console'),
          include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          // Typing and clicking through a form take seconds of a core when the other projects' files share it.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
