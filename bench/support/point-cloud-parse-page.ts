// The page the parsing benchmark runs in: the console's point cloud worker and three.js's PCD loader served side by
// side from a small static server, each timed in the same page on the same bytes.
/// <reference lib="dom" />
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { Page } from 'playwright-core';

const types: Record<string, string> = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.html': 'text/html' };

// The page loads Comlink and the loader as modules, wraps the worker, and leaves the timed calls on window.
const html = `<!doctype html>
<script type="importmap">{ "imports": { "three": "/three/build/three.module.js" } }</script>
<script type="module">
  import * as Comlink from '/comlink.mjs';
  import { PCDLoader } from '/three/examples/jsm/loaders/PCDLoader.js';
  const worker = Comlink.wrap(new Worker('/cloud-worker.js', { type: 'module' }));
  const files = {};
  window.parseBench = {
    async fetch(name) {
      files[name] = await (await fetch('/files/' + name)).arrayBuffer();
      return files[name].byteLength;
    },
    // The worker: the bytes transferred in, parsed there, the cloud's arrays transferred back.
    async ours(name) {
      const copy = files[name].slice(0);
      const begun = performance.now();
      const cloud = await worker.parse(name, Comlink.transfer(copy, [copy]));
      const ms = performance.now() - begun;
      window.lastOurs = cloud;
      return { ms, count: cloud.count, intensity: cloud.intensity ? cloud.intensity.length : 0 };
    },
    theirs(name) {
      const begun = performance.now();
      const points = new PCDLoader().parse(files[name]);
      const ms = performance.now() - begun;
      window.lastTheirs = points.geometry;
      const intensity = points.geometry.getAttribute('intensity');
      return { ms, count: points.geometry.getAttribute('position').count, intensity: intensity ? intensity.count : 0 };
    },
    // Whether the last two parses gave the same positions and intensity, value for value.
    same() {
      const a = window.lastOurs, b = window.lastTheirs;
      const pairs = [[a.positions, b.getAttribute('position').array], [a.intensity, b.getAttribute('intensity').array]];
      return pairs.every(([x, y]) => x.length === y.length && x.every((v, i) => v === y[i]));
    },
  };
  window.parseBenchReady = true;
</script>`;

export interface ParsePageServer {
  url: string;
  close(): Promise<void>;
}

/** Serves the page, the built worker, three.js, Comlink and the generated files. */
export async function serveParsePage(root: string, workerFile: string, files: Record<string, Uint8Array>): Promise<ParsePageServer> {
  const three = path.join(root, 'node_modules/three');
  const statics: Record<string, string> = {
    '/cloud-worker.js': workerFile,
    '/comlink.mjs': path.join(root, 'node_modules/comlink/dist/esm/comlink.mjs'),
  };
  const server: Server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    const send = (status: number, body: string | Uint8Array, type = 'application/octet-stream') => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(body);
    };
    if (pathname === '/') return send(200, html, 'text/html');
    if (pathname.startsWith('/files/') && files[pathname.slice(7)]) return send(200, files[pathname.slice(7)]);
    const file = statics[pathname] ?? (pathname.startsWith('/three/') && !pathname.includes('..') ? path.join(three, pathname.slice(7)) : null);
    if (!file) return send(404, 'not found', 'text/plain');
    try {
      send(200, readFileSync(file), types[path.extname(file)] ?? 'application/octet-stream');
    } catch {
      send(404, 'not found', 'text/plain');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The console's built worker chunk, if the console was built with the point cloud editor that starts it. */
export function builtWorkerChunk(consoleDist: string): string | null {
  const assets = path.join(consoleDist, 'assets');
  try {
    const found = readdirSync(assets).find((name) => /^cloud-worker-[\w-]+\.js$/.test(name));
    return found ? path.join(assets, found) : null;
  } catch {
    return null;
  }
}

export interface ParseRun {
  ms: number;
  count: number;
  intensity: number;
}

type BenchWindow = Window & {
  parseBenchReady?: boolean;
  parseBench: { fetch(name: string): Promise<number>; ours(name: string): Promise<ParseRun>; theirs(name: string): ParseRun; same(): boolean };
};

export async function openParsePage(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as BenchWindow).parseBenchReady === true);
}

export const fetchFile = (page: Page, name: string) => page.evaluate((n) => (window as unknown as BenchWindow).parseBench.fetch(n), name);
export const parseOurs = (page: Page, name: string) => page.evaluate((n) => (window as unknown as BenchWindow).parseBench.ours(n), name);
export const parseTheirs = (page: Page, name: string) => page.evaluate((n) => (window as unknown as BenchWindow).parseBench.theirs(n), name);
export const sameCloud = (page: Page) => page.evaluate(() => (window as unknown as BenchWindow).parseBench.same());
