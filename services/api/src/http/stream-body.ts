// A stored file's stream sent as a response's body. A reader who leaves before its end (a frame switched past, a
// download cancelled) ends the stream with the response, so its file, or its connection to a bucket, is let go at once
// rather than whenever the garbage collector comes to it; a stream that fails while it is read ends the response.
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Resolves once the response has ended, sent whole or cut short. */
export async function streamBody(res: Writable, body: Readable): Promise<void> {
  await pipeline(body, res).catch(() => {
    if (!res.destroyed) res.destroy();
  });
}
