// Each test file's CPU seconds in the worker process that ran it, the platform it starts in-process included, and
// beside it: what the processes it started spent (its browser, the services and programs it spawns), kept in the
// file's meta for the run's report.
import { afterAll, beforeAll } from 'vitest';
import { descendantsTicks, ticksOf } from './process-ticks';

declare module 'vitest' {
  interface TaskMeta {
    cpuSeconds?: number;
    besideCpuSeconds?: number;
  }
}

/** The ticks of the processes this one started: those still running, and those it reaped (its own counters hold them). */
function startedTicks(): number {
  const own = process.cpuUsage();
  const withReaped = ticksOf(process.pid);
  if (withReaped === null) return 0;
  return withReaped - Math.round((own.user + own.system) / 1e4) + descendantsTicks(process.pid);
}

let start = process.cpuUsage();
let startedBefore = 0;

beforeAll(() => {
  start = process.cpuUsage();
  startedBefore = startedTicks();
});

afterAll(({}, file) => {
  const { user, system } = process.cpuUsage(start);
  file.meta.cpuSeconds = Math.round((user + system) / 1e5) / 10;
  file.meta.besideCpuSeconds = Math.round(startedTicks() - startedBefore) / 100;
});
