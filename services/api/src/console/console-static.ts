// Serves the built console at / and answers its client-side routes with index.html.
import fs from 'node:fs';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';

const apiPrefixes = ['/manage', '/api', '/healthz', '/readyz', '/ocr_front_config'];

export function consoleDirectory(configured: string | null): string | null {
  const candidates = configured ? [configured] : [path.resolve(__dirname, '../../../../console/dist')];
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'index.html'))) ?? null;
}

export function serveConsole(app: NestExpressApplication, dir: string): void {
  app.useStaticAssets(dir, { index: false, maxAge: '1h' });
  const index = path.join(dir, 'index.html');
  app.use((req: Request, res: Response, next: NextFunction) => {
    const isPage = req.method === 'GET' && !apiPrefixes.some((p) => req.path === p || req.path.startsWith(`${p}/`));
    if (!isPage || !req.accepts('html')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}
