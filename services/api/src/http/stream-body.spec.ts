import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamBody } from './stream-body';

/** Far more than a socket's buffers hold, so a reader who leaves early leaves most of the file unsent. */
const fileBytes = 32 * 1024 * 1024;

describe(streamBody.name, () => {
  let folder: string;
  let file: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'annot-stream-body-'));
    file = path.join(folder, 'frame.bin');
    await writeFile(file, Buffer.alloc(fileBytes, 7));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  /** A server that sends each request `body()` through streamBody, and what became of each sending. */
  async function serving(body: () => Readable): Promise<{ server: Server; url: string; sent: Promise<void>[]; bodies: Readable[] }> {
    const sent: Promise<void>[] = [];
    const bodies: Readable[] = [];
    const server = createServer((_req, res) => {
      const stream = body();
      bodies.push(stream);
      sent.push(streamBody(res, stream));
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, sent, bodies };
  }

  it('sends the whole file to a reader who stays', async () => {
    const { server, url, sent } = await serving(() => createReadStream(file));
    let received = 0;
    await new Promise<void>((resolve, reject) => get(url, (res) => res.on('data', (chunk: Buffer) => (received += chunk.length)).on('end', resolve).on('error', reject)));
    await sent[0];
    server.close();
    expect(received).toBe(fileBytes);
  });

  it('lets the file go as soon as its reader leaves part-way', async () => {
    const { server, url, sent, bodies } = await serving(() => createReadStream(file));
    let received = 0;
    await new Promise<void>((resolve) => {
      const request = get(url, (res) =>
        res.once('data', (chunk: Buffer) => {
          received += chunk.length;
          request.destroy();
          resolve();
        }),
      );
    });
    // Piped without streamBody, the file stays open and paused until the garbage collector closes its descriptor.
    await sent[0];
    expect(bodies[0].destroyed).toBe(true);
    expect(received).toBeLessThan(fileBytes);
    server.close();
  });

  it('ends the response when the file fails while it is read', async () => {
    const failing = () =>
      new Readable({
        read() {
          this.push(Buffer.alloc(1024, 1));
          this.destroy(new Error('the disk went away'));
        },
      });
    const { server, url, sent } = await serving(failing);
    const outcome = await new Promise<string>((resolve) => {
      get(url, (res) => res.on('data', () => undefined).on('end', () => resolve('ended whole')).on('error', () => resolve('cut short'))).on('error', () => resolve('cut short'));
    });
    await sent[0];
    server.close();
    expect(outcome).toBe('cut short');
  });
});
