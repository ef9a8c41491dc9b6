// A real webhook receiver for the tests: it checks every request's signature with the webhook's secret the way the
// README tells receivers to, and can answer 503 or stop listening altogether, then come back on the same port.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { webhookSignatureValid } from '@annot/core';

export interface ReceivedDelivery {
  id: string;
  event: string;
  timestamp: number;
  body: string;
  signed: boolean;
  /** What the receiver answered: 200 accepts the delivery. */
  status: number;
}

export interface WebhookReceiver {
  url: string;
  secret: string;
  mode: 'up' | 'unavailable';
  received: ReceivedDelivery[];
  /** Accepted deliveries, each id once, in the order first accepted. */
  accepted(): ReceivedDelivery[];
  /** Stops listening: connections are refused until `start` is called again. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  let server: Server | null = null;
  let port = 0;
  const receiver: WebhookReceiver = {
    url: '',
    secret: '',
    mode: 'up',
    received: [],
    accepted() {
      const seen = new Set<string>();
      return receiver.received.filter((d) => d.status === 200 && !seen.has(d.id) && seen.add(d.id));
    },
    async stop() {
      if (!server) return;
      const closing = server;
      server = null;
      closing.closeAllConnections();
      await new Promise<void>((resolve) => closing.close(() => resolve()));
    },
    async start() {
      server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          const timestamp = Number(req.headers['x-annot-timestamp']);
          const signed = webhookSignatureValid(receiver.secret, timestamp, body, String(req.headers['x-annot-signature'] ?? ''));
          const status = !signed ? 401 : receiver.mode === 'up' ? 200 : 503;
          receiver.received.push({ id: String(req.headers['x-annot-delivery']), event: String(req.headers['x-annot-event']), timestamp, body, signed, status });
          res.writeHead(status, { connection: 'close' }).end();
        });
      });
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', () => resolve()));
      port = (server.address() as AddressInfo).port;
      receiver.url = `http://127.0.0.1:${port}/hooks/annot`;
    },
  };
  await receiver.start();
  return receiver;
}
