// A COCO file walked as a stream of JSON tokens (stream-json), so a data set's instances file of hundreds of megabytes
// is never held as one string or one parsed tree: each entry of a top-level list (and each other top-level value) is
// assembled on its own and handed on.
import { Transform, type Readable } from 'node:stream';
import chain from 'stream-chain';
import Assembler from 'stream-json/assembler.js';
import parser from 'stream-json/parser.js';
import batch from 'stream-json/utils/batch.js';

export interface CocoWalk {
  /** An assembled entry of a list (`index` from 0), or a top-level value that is no list (`index` -1). */
  entry(key: string, index: number, value: unknown): void;
  /** Bytes of the file read so far. */
  read(bytes: number): void;
}

/** The file is JSON but not an object of lists. */
export class NotAnObject extends Error {}

/** The file's bytes are not UTF-8 text. */
export class NotText extends Error {}

/** Tokens are handed over in arrays, so the walk costs one await per thousand of them. */
const tokensPerBatch = 1024;

interface Token {
  name: string;
  value?: unknown;
}

const opens = (token: Token) => token.name === 'startObject' || token.name === 'startArray';
const closes = (token: Token) => token.name === 'endObject' || token.name === 'endArray';

/** One entry being assembled. */
class EntryReading {
  private depth = 0;
  private readonly assembler = new Assembler();

  constructor(
    readonly key: string,
    readonly index: number,
  ) {}

  /** Takes a token; true once the entry is whole. */
  take(token: Token): boolean {
    this.assembler.consume(token);
    if (opens(token)) this.depth += 1;
    else if (closes(token)) this.depth -= 1;
    return this.depth === 0;
  }

  get value(): unknown {
    return this.assembler.current;
  }
}

/** Decodes UTF-8 strictly: a byte that is not UTF-8 stops the walk instead of becoming U+FFFD. */
function strictText(): Transform {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const decode = (bytes: Buffer | undefined, stream: boolean) => {
    try {
      return decoder.decode(bytes, { stream });
    } catch {
      throw new NotText('not UTF-8');
    }
  };
  return new Transform({
    readableObjectMode: true,
    transform(chunk: Buffer, _encoding, done) {
      try {
        const text = decode(chunk, true);
        done(null, text || undefined);
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done) {
      try {
        const text = decode(undefined, false);
        done(null, text || undefined);
      } catch (error) {
        done(error as Error);
      }
    },
  });
}

/**
 * Walks a JSON document of top-level lists, awaiting `after` between pieces of the file (where the caller writes what
 * the entries gave). Answers the keys whose value was a list. Rejects with the parser's error
 * for text that is no JSON, NotText for bytes that are no UTF-8, NotAnObject for a document that is no object.
 */
export async function walkCoco(source: Readable, walk: CocoWalk, after: () => Promise<void>): Promise<Set<string>> {
  const lists = new Set<string>();
  let bytes = 0;
  source.on('data', (chunk: Buffer) => walk.read((bytes += chunk.length)));
  const tokens = chain([source, strictText(), parser({ packValues: true, streamValues: false }), batch({ batchSize: tokensPerBatch })]);
  let started = false;
  let key = '';
  let list: string | null = null;
  let index = 0;
  let entry: EntryReading | null = null;
  const finish = (reading: EntryReading) => walk.entry(reading.key, reading.index, reading.value);
  try {
    for await (const part of tokens as AsyncIterable<Token[]>) {
      for (const token of part) {
        if (entry) {
          if (entry.take(token)) {
            finish(entry);
            entry = null;
          }
          continue;
        }
        if (!started) {
          if (token.name !== 'startObject') throw new NotAnObject('not an object');
          started = true;
        } else if (list !== null) {
          if (token.name === 'endArray') list = null;
          else entry = new EntryReading(list, index++);
        } else if (token.name === 'keyValue') key = token.value as string;
        else if (token.name === 'startArray') {
          list = key;
          index = 0;
          lists.add(key);
        } else if (token.name !== 'endObject') entry = new EntryReading(key, -1);
        if (entry && entry.take(token)) {
          finish(entry);
          entry = null;
        }
      }
      await after();
    }
  } finally {
    source.destroy();
  }
  return lists;
}
