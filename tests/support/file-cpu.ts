// Each test file's CPU seconds in the worker process that ran it, the platform it starts in-process included (not the
// services it spawns nor its browser), kept in the file's meta for the run's report.
import { afterAll, beforeAll } from 'vitest';

declare module 'vitest' {
  interface TaskMeta {
    cpuSeconds?: number;
  }
}

let start = process.cpuUsage();

beforeAll(() => {
  start = process.cpuUsage();
});

afterAll(({}, file) => {
  const { user, system } = process.cpuUsage(start);
  file.meta.cpuSeconds = Math.round((user + system) / 1e5) / 10;
});
