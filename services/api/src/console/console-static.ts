// Serves the built console at / and answers its client-side routes with index.html.
import fs from 'node:fs';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type Response } from 'express';

const apiPrefixes = ['/manage', '/api', '/healthz', '/readyz', '/ocr_front_config'];

export function consoleDirectory(configured: string | null): string | null {
  const candidates = configured ? [configured] : [path.resolve(__dirname, '../../../../console/dist')];
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'index.html'))) ?? null;
}

const isApi = (req: Request): boolean => apiPrefixes.some((p) => req.path === p || req.path.startsWith(`${p}/`));

/** The console's files and pages; a call of the API passes by without a look at the disk. */
export function serveConsole(app: NestExpressApplication, dir: string): void {
  const files = express.static(dir, { index: false, maxAge: '1h' });
  app.use((req: Request, res: Response, next: NextFunction) => (isApi(req) ? next() : files(req, res, next)));
  const index = path.join(dir, 'index.html');
  app.use((req: Request, res: Response, next: NextFunction) => {
    const isPage = req.method === 'GET' && !isApi(req);
    if (!isPage || !req.accepts('html')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}
