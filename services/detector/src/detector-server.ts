// The demo algorithm behind the platform's model-server contract (docs/algorithms/model-contract.md): it fetches the
// item's media from the signed address, finds the vehicles, and answers them as boxes of the first box class it was
// given. Plain node:http, so it stands as any team's model server would.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { detectObjects } from './detect';

export interface DetectorOptions {
  port?: number;
  host?: string;
  /** Required as a bearer token when set. */
  token?: string;
}

export interface Detector {
  url: string;
  close(): Promise<void>;
}

interface ModelClass {
  name: string;
  shape: string;
  attributes?: { name: string; options?: string[] }[];
}

/** Bodies larger than this are refused: a request holds an address, never the media itself. */
const maxBody = 1024 * 1024;

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function bodyOf(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBody) throw new Refusal(413, 'the request is over 1 MB');
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new Refusal(400, 'the body is not JSON');
  }
}

async function detect(body: unknown): Promise<unknown> {
  const request = body as { item?: { mediaUrl?: unknown }; classes?: ModelClass[] };
  const mediaUrl = request?.item?.mediaUrl;
  if (typeof mediaUrl !== 'string' || !URL.canParse(mediaUrl)) throw new Refusal(400, 'item.mediaUrl is missing');
  const target = (Array.isArray(request.classes) ? request.classes : []).find((c) => c?.shape === 'box');
  if (!target) return { model: 'demo-detector', objects: [] };
  const media = await fetch(mediaUrl, { signal: AbortSignal.timeout(10_000) }).catch((error: Error) => {
    throw new Refusal(502, `the media could not be fetched: ${error.message}`);
  });
  if (!media.ok) throw new Refusal(502, `the media answered HTTP ${media.status}`);
  const image = await sharp(Buffer.from(await media.arrayBuffer()))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw new Refusal(502, 'the media is not an image');
    });
  const category = target.attributes?.find((a) => a.name === 'category' && a.options?.includes('car'));
  const objects = detectObjects(image.data, image.info.width, image.info.height, image.info.channels).map((d) => ({
    className: target.name,
    score: d.score,
    shape: { type: 'box', ...d.box },
    attributes: category ? { category: 'car' } : {},
  }));
  return { model: 'demo-detector', objects };
}

export function startDetector(options: DetectorOptions = {}): Promise<Detector> {
  const token = options.token ?? process.env.DETECTOR_TOKEN;
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://detector').pathname;
    if (req.method === 'GET' && path === '/healthz') return send(res, 200, { ok: true });
    if (req.method !== 'POST' || path !== '/detect') return send(res, 404, { error: 'no such route' });
    if (token && req.headers.authorization !== `Bearer ${token}`) return send(res, 401, { error: 'a bearer token is required' });
    bodyOf(req)
      .then(detect)
      .then(
        (answer) => send(res, 200, answer),
        (error: unknown) => send(res, error instanceof Refusal ? error.status : 500, { error: (error as Error).message }),
      );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      const { address, port } = server.address() as AddressInfo;
      resolve({
        url: `http://${address}:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
