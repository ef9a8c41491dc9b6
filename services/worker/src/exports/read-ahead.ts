// Opens what comes next while the current one is used: at most `window` openings under way or waiting to be taken,
// handed out in the order they were added; whatever is opened and not taken when reading stops is disposed of.
export class ReadAhead<T> {
  private readonly waiting: (() => Promise<T>)[] = [];
  private readonly opened: Promise<T>[] = [];
  private closed = false;

  constructor(
    private readonly window: number,
    private readonly dispose: (value: T) => void,
  ) {}

  /** Adds openings to the end of the line; each starts once there is room in the window. */
  push(openings: (() => Promise<T>)[]): void {
    if (this.closed) return;
    this.waiting.push(...openings);
    this.fill();
  }

  /** The next opening's result; a failed opening fails here, when its turn comes. */
  next(): Promise<T> {
    this.fill();
    const head = this.opened.shift();
    if (!head) throw new Error(this.closed ? 'The reading is closed.' : 'Nothing more was added to read.');
    this.fill();
    return head;
  }

  /** Stops reading: nothing more is opened, and what was opened and not taken is disposed of once it arrives. */
  close(): void {
    this.closed = true;
    this.waiting.length = 0;
    for (const opening of this.opened.splice(0)) opening.then(this.dispose, () => undefined);
  }

  private fill(): void {
    while (!this.closed && this.opened.length < this.window && this.waiting.length > 0) {
      const opening = this.waiting.shift()!();
      // A failure is answered to whoever takes it; until then it is not an unhandled rejection.
      opening.catch(() => undefined);
      this.opened.push(opening);
    }
  }
}
