// The CPU seconds the machine's PostgreSQL and Redis spent during the run, read from the kernel's counters (Linux): the
// tests' own processes are what `time` counts, these servers run beside them and share the same cores.
import fs from 'node:fs';

interface Server {
  name: string;
  pid: number;
  ticks: number;
}

/** Own and reaped children's ticks: PostgreSQL's postmaster reaps every backend that ends, so its children count too. */
function ticksOf(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
  } catch {
    return null;
  }
}

/** Live children's ticks (PostgreSQL's backends still connected), which the parent's counters do not hold yet. */
function childrenTicks(parent: number, processes: { pid: number; ppid: number }[]): number {
  return processes.filter((p) => p.ppid === parent).reduce((sum, p) => sum + (ticksOf(p.pid) ?? 0), 0);
}

function processes(): { pid: number; ppid: number; name: string }[] {
  const found: { pid: number; ppid: number; name: string }[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      found.push({ pid: Number(entry), ppid, name });
    } catch {
      // The process ended while the list was read.
    }
  }
  return found;
}

function measure(): Server[] {
  if (!fs.existsSync('/proc/self/stat')) return [];
  const all = processes();
  const byPid = new Map(all.map((p) => [p.pid, p]));
  const servers: Server[] = [];
  // PostgreSQL's postmaster is the `postgres` process whose parent is not one.
  for (const p of all.filter((p) => p.name === 'postgres' && byPid.get(p.ppid)?.name !== 'postgres')) {
    servers.push({ name: 'PostgreSQL', pid: p.pid, ticks: (ticksOf(p.pid) ?? 0) + childrenTicks(p.pid, all) });
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
