// The entries of a file's list kept on the process's local disk as JSON lines while the file is parsed once, then read
// back as often as an import needs them: a line of JSON.parse costs a fraction of walking the file's tokens again.
import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export class EntrySpill {
  private characters = 0;
  private count = 0;

  private constructor(
    private readonly folder: string,
    private readonly out: WriteStream,
  ) {}

  /** A spill in a folder of its own under the system's temporary folder; `remove` deletes it. */
  static async create(): Promise<EntrySpill> {
    const folder = await mkdtemp(path.join(tmpdir(), 'annot-spill-'));
    return new EntrySpill(folder, createWriteStream(path.join(folder, 'entries.jsonl')));
  }

  get size(): { entries: number; characters: number } {
    return { entries: this.count, characters: this.characters };
  }

  /** Keeps an entry; false when the disk lags and the caller should await `drained` before adding more. */
  add(value: unknown): boolean {
    const line = `${JSON.stringify(value)}\n`;
    this.characters += line.length;
    this.count += 1;
    return this.out.write(line);
  }

  async drained(): Promise<void> {
    if (this.out.writableNeedDrain) await once(this.out, 'drain');
  }

  /** Ends the writing; the entries can then be read. */
  async close(): Promise<void> {
    this.out.end();
    await once(this.out, 'finish');
  }

  /** The entries in the order they were added, each with the characters of the spill read up to its end. */
  async *entries(): AsyncGenerator<{ value: unknown; read: number }> {
    let rest = '';
    let read = 0;
    for await (const chunk of createReadStream(path.join(this.folder, 'entries.jsonl'), { encoding: 'utf8', highWaterMark: 1 << 20 })) {
      const text = rest + (chunk as string);
      let start = 0;
      for (let end = text.indexOf('\n'); end >= 0; start = end + 1, end = text.indexOf('\n', start)) {
        const line = text.slice(start, end);
        read += line.length + 1;
        yield { value: JSON.parse(line), read };
      }
      rest = text.slice(start);
    }
  }

  async remove(): Promise<void> {
    if (!this.out.closed) this.out.destroy();
    await rm(this.folder, { recursive: true, force: true });
  }
}
