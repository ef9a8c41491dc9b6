// The CPU seconds the machine's PostgreSQL and Redis spent during the run, read from the kernel's counters (Linux): the
// tests' own processes are what `time` counts, these servers run beside them and share the same cores.
import { descendantsTicks, processes, ticksOf } from './process-ticks';

interface Server {
  name: string;
  pid: number;
  ticks: number;
}

function measure(): Server[] {
  const all = processes();
  const byPid = new Map(all.map((p) => [p.pid, p]));
  const servers: Server[] = [];
  // PostgreSQL's postmaster is the `postgres` process whose parent is not one; its backends still connected hold ticks
  // its own counters do not hold yet.
  for (const p of all.filter((p) => p.name === 'postgres' && byPid.get(p.ppid)?.name !== 'postgres')) {
    servers.push({ name: 'PostgreSQL', pid: p.pid, ticks: (ticksOf(p.pid) ?? 0) + descendantsTicks(p.pid, all) });
  }
  for (const p of all.filter((p) => p.name === 'redis-server')) servers.push({ name: 'Redis', pid: p.pid, ticks: ticksOf(p.pid) ?? 0 });
  return servers;
}

/** Reads the servers' counters at `start()` and says at `report()` what each spent since. */
export class ServerCpu {
  private first: Server[] = [];

  start(): void {
    this.first = measure();
  }

  /** The CPU seconds each server spent since `start()`, by name. */
  spent(): Map<string, number> {
    const last = measure();
    const spent = new Map<string, number>();
    for (const before of this.first) {
      const after = last.find((server) => server.pid === before.pid);
      if (after) spent.set(before.name, (after.ticks - before.ticks) / 100);
    }
    return spent;
  }

  report(): string | null {
    const spent = [...this.spent()].map(([name, seconds]) => `${name} ${Math.round(seconds)}`);
    return spent.length > 0 ? `The servers beside the tests spent (CPU seconds): ${spent.join(', ')}` : null;
  }
}
