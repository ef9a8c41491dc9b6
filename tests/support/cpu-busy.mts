// How busy the machine's cores were while the tests ran, minute by minute, read from the kernel's counters (Linux):
// a run whose cores are idle in a minute waits on something, one busy throughout can only go faster with less work.
import fs from 'node:fs';
import os from 'node:os';

interface Counters {
  busy: number;
  total: number;
}

function read(): Counters | null {
  try {
    const [label, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    if (label !== 'cpu') return null;
    const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number);
    const busy = user + nice + system + irq + softirq + steal;
    return { busy, total: busy + idle + iowait };
  } catch {
    return null;
  }
}

const percent = (from: Counters, to: Counters) => Math.round((100 * (to.busy - from.busy)) / Math.max(1, to.total - from.total));

/** Samples the counters once a minute from `start()` until `report()`, which says how busy the cores were. */
export class CpuBusy {
  private readonly samples: Counters[] = [];
  private timer: NodeJS.Timeout | null = null;

  start(): void {
    const first = read();
    if (!first) return;
    this.samples.push(first);
    this.timer = setInterval(() => {
      const sample = read();
      if (sample) this.samples.push(sample);
    }, 60_000);
    this.timer.unref();
  }

  report(): string | null {
    if (this.timer) clearInterval(this.timer);
    const last = read();
    if (!last || this.samples.length === 0) return null;
    const marks = [...this.samples, last];
    const minutes = marks.slice(1).map((mark, i) => String(percent(marks[i], mark)).padStart(3));
    return [
      `The ${os.cpus().length} cores were ${percent(marks[0], last)} percent busy during the tests; by minute:`,
      `  ${minutes.join(' ')}`,
    ].join('\n');
  }
}
