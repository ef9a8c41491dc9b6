// The rest of a polling loop between polls, cut short when what it reads is written. PostgreSQL notifies `written`
// when a transaction that appended events or outbox rows commits: the loop then wakes at once, and for a short while
// after polls at its own quick pace (rows of a transaction that commits while an older one still runs are read only
// once that one ends, which notifies nothing). With nothing written it rests long, so an idle platform costs the
// database almost nothing; the long rest is also what catches up when a notification was lost with its connection.
export const writtenChannel = 'written';

export interface WakeupOptions {
  /** The rest while nothing was written lately. */
  restMs: number;
  /** How long after a wake a loop keeps to its quick pace. */
  quickForMs: number;
}

export class Wakeup {
  private readonly resting = new Set<() => void>();
  private quickUntil = 0;

  constructor(private readonly options: WakeupOptions) {}

  /** Something was written: every resting loop polls now, and quickly for a while. */
  ring(): void {
    this.quickUntil = Date.now() + this.options.quickForMs;
    for (const wake of [...this.resting]) wake();
  }

  /** Rests `quickMs` soon after a ring and the long rest otherwise, returning early at the next ring. */
  rest(quickMs: number): Promise<void> {
    const ms = Date.now() < this.quickUntil ? quickMs : Math.max(quickMs, this.options.restMs);
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.resting.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.resting.add(wake);
    });
  }
}
