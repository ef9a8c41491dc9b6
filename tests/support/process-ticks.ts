// The kernel's CPU counters of processes (Linux), in clock ticks of a hundredth of a second.
import fs from 'node:fs';

export interface ProcessEntry {
  pid: number;
  ppid: number;
  name: string;
}

/** Own and reaped children's ticks: a parent that reaps its children (PostgreSQL's postmaster, Chromium's) holds theirs. */
export function ticksOf(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
  } catch {
    return null;
  }
}

/** Every process running now; none where the kernel's counters cannot be read. */
export function processes(): ProcessEntry[] {
  if (!fs.existsSync('/proc/self/stat')) return [];
  const found: ProcessEntry[] = [];
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

/** The ticks of every live process below `root` (not its own), each with the children it reaped. */
export function descendantsTicks(root: number, all: ProcessEntry[] = processes()): number {
  const children = new Map<number, number[]>();
  for (const p of all) {
    const siblings = children.get(p.ppid);
    if (siblings) siblings.push(p.pid);
    else children.set(p.ppid, [p.pid]);
  }
  let ticks = 0;
  const below = [...(children.get(root) ?? [])];
  while (below.length > 0) {
    const pid = below.pop()!;
    ticks += ticksOf(pid) ?? 0;
    below.push(...(children.get(pid) ?? []));
  }
  return ticks;
}
