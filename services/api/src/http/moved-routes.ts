// Addresses the item context answered at before it took its noun in every layer (`/manage/tasks/...`): a caller
// that kept one, a script, a bookmark or a cached media link, is sent on with 308, which keeps the method and body.
import type { NextFunction, Request, Response } from 'express';

const moved: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/manage\/tasks\/projects\/([^/?]+)\/items(?=$|\?)/, '/manage/items/projects/$1'],
  [/^\/manage\/tasks\/items\//, '/manage/items/'],
  [/^\/manage\/tasks\//, '/manage/items/'],
];

export function movedRoutes(req: Request, res: Response, next: NextFunction): void {
  const route = moved.find(([from]) => from.test(req.originalUrl));
  if (route) res.redirect(308, req.originalUrl.replace(route[0], route[1]));
  else next();
}
