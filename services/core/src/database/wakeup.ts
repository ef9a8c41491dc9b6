// The rest of a polling loop between polls, cut short when what it reads is written. The event store of every process
// notifies `written` once a transaction that appended events or outbox rows has committed (events/written-notifier.ts),
// and the loops resting on its wakeup poll at once. A loop that found nothing to do rests long: an idle platform costs
// the database almost nothing, and the long rest is what catches up when a notification was lost with its connection.
export const writtenChannel = 'written';

export class Wakeup {
  private readonly resting = new Set<() => void>();
  /** Counts the rings, so a loop that polled before a ring does not rest past it. */
  private rings = 0;

  /** `restMs`: the rest of a loop that found nothing to do. */
  constructor(readonly restMs: number) {}

  /** What a loop notes before it polls, and gives to `rest` after. */
  get seen(): number {
    return this.rings;
  }

  /** Something was written: every resting loop polls now. */
  ring(): void {
    this.rings++;
    for (const wake of [...this.resting]) wake();
  }

  /** Rests `ms` (the long rest by default), or not at all when a ring came since `seen`; ends early at the next ring. */
  rest(seen: number, ms = this.restMs): Promise<void> {
    if (this.rings !== seen) return Promise.resolve();
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
