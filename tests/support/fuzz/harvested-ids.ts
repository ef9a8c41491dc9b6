// Real ids for the routes' path parameters, read from what the API lists, so hostile input reaches past the 404.
import type { Route } from './openapi-routes';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids by the name of the collection they were listed under: "projects", "links", "groups", "files"... */
export type IdsByCollection = Map<string, string[]>;

/** The path segment before a parameter names its collection: /manage/projects/{id}/links/{linkId} -> projects, links. */
export function collectionOf(template: string, param: string): string {
  const segments = template.split('/');
  return segments[segments.indexOf(`{${param}}`) - 1] ?? '';
}

function add(ids: IdsByCollection, collection: string, id: string, skip: Set<string>): void {
  if (skip.has(id)) return;
  const list = ids.get(collection) ?? [];
  if (!list.includes(id)) list.push(id);
  ids.set(collection, list);
}

/** Every array of objects with an id, under the key that holds it; a page's items under the route's own collection. */
function harvest(value: unknown, key: string, ids: IdsByCollection, skip: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) {
      const id = (item as { id?: unknown } | null)?.id;
      if (typeof id === 'string' && uuid.test(id)) add(ids, key, id, skip);
      harvest(item, key, ids, skip);
    }
    return;
  }
  if (value && typeof value === 'object') {
    for (const [child, inner] of Object.entries(value)) harvest(inner, child === 'items' ? key : child, ids, skip);
  }
}

export function fillPath(route: Route, ids: IdsByCollection, fallback: string): string {
  return route.template.replace(/\{([^}]+)\}/g, (_, param: string) => ids.get(collectionOf(route.template, param))?.[0] ?? fallback);
}

/** Reads every list (and then every detail it can now address) as the caller; `skip` keeps the caller's own account out. */
export async function harvestIds(baseUrl: string, token: string, routes: Route[], skip: Set<string>): Promise<IdsByCollection> {
  const ids: IdsByCollection = new Map();
  // Reading must not end the session it reads with.
  const reads = routes.filter((r) => r.method === 'GET' && !r.template.endsWith('/stream') && !r.template.endsWith('/logout'));
  for (const round of [0, 1]) {
    for (const route of reads.filter((r) => (round === 0) === (r.pathParams.length === 0))) {
      const response = await fetch(`${baseUrl}${fillPath(route, ids, '00000000-0000-4000-8000-000000000000')}`, { headers: { authorization: `Bearer ${token}` } });
      if (!response.headers.get('content-type')?.includes('application/json')) continue;
      const { data } = (await response.json()) as { data: unknown };
      const own = route.template.split('/').filter((s) => s && !s.startsWith('{')).pop() ?? '';
      harvest(Array.isArray(data) ? data : data, own, ids, skip);
      if (data && typeof data === 'object' && !Array.isArray(data) && 'id' in data && typeof data.id === 'string') add(ids, collectionOf(route.template, 'id'), data.id, skip);
    }
  }
  return ids;
}
