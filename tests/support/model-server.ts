// A stub model server for the algorithm tests: a scripted HTTP server that speaks the platform's model contract with
// no model behind it. It fetches each item's media from the address it is given and answers in the mode the test
// sets: the same boxes every time, slowly, with 500s, malformed, outside the image, or by closing the connection. It
// counts every request by idempotency key.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ModelMode = 'good' | 'slow' | 'error' | 'malformed' | 'outside' | 'hangup';

export interface ModelServer {
  url: string;
  mode: ModelMode;
  /** Requests by idempotency key (call:item). */
  requests: Map<string, number>;
  /** Media fetches that answered 200 with an image. */
  mediaFetched: number;
  /** Authorization headers seen. */
  authorizations: Set<string>;
  close(): Promise<void>;
}

/** The box the good mode answers for every item: inside any image of at least 40 by 30 pixels. */
export const modelBox = { type: 'box', x: 5, y: 5, width: 30, height: 20 } as const;

/** `slowMs`: how long the slow mode takes to answer nothing; `delayMs`: how long every good answer takes. */
export async function startModelServer(options: { slowMs?: number; delayMs?: number } = {}): Promise<ModelServer> {
  const state = { mode: 'good' as ModelMode, requests: new Map<string, number>(), mediaFetched: 0, authorizations: new Set<string>() };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const key = String(req.headers['idempotency-key'] ?? '');
      state.requests.set(key, (state.requests.get(key) ?? 0) + 1);
      if (req.headers.authorization) state.authorizations.add(req.headers.authorization);
      const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as {
        item: { mediaUrl: string; width: number; height: number };
        classes: { name: string; shape: string; attributes: { name: string; type: string; options: string[] }[] }[];
      };
      const answer = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(typeof value === 'string' ? value : JSON.stringify(value));
      };
      switch (state.mode) {
        case 'error':
          return answer(500, { error: 'model crashed' });
        case 'hangup':
          return req.socket.destroy();
        case 'slow':
          await new Promise((resolve) => setTimeout(resolve, options.slowMs ?? 2000));
          return answer(200, { objects: [] });
        case 'malformed':
          return answer(200, { objects: [{ className: 'Vehicle', shape: { type: 'box', x: 'left' } }] });
        default: {
          if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
          const media = await fetch(body.item.mediaUrl);
          if (media.ok && (media.headers.get('content-type') ?? '').startsWith('image/')) state.mediaFetched++;
          const target = body.classes.find((c) => c.shape === 'box')!;
          // A model that knows the class's attributes picks the first option of each single choice.
          const attributes = Object.fromEntries(target.attributes.filter((a) => a.type === 'single').map((a) => [a.name, a.options[0]]));
          const shape = state.mode === 'outside' ? { ...modelBox, x: body.item.width - 5 } : modelBox;
          return answer(200, { objects: [{ className: target.name, score: 0.9, shape, attributes }, { className: target.name, score: 0.1, shape: { ...modelBox, x: 40 }, attributes }] });
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}/detect`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
