// Every route of the OpenAPI document, as each outside role of the demo, against another project's objects by their
// real ids: each answers 403 or 404, and the event log does not move.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Platform } from '../platform';
import { openApiDocument } from './fuzz-run';
import { collectionOf } from './harvested-ids';
import { type Route, routesOf } from './openapi-routes';
import type { OtherProjectIds } from './other-project';

export interface AccessFinding {
  role: string;
  route: string;
  problem: string;
}

export interface AccessReport {
  routes: number;
  attempts: number;
  findings: AccessFinding[];
  /** The events the attempts wrote, which must be none: type, stream and the role it names. */
  written: string[];
}

/** Path parameters that are no id: a frame's index, a camera's name. */
const plainParams: Record<string, string> = { frames: '0', cameras: 'front' };

/**
 * Query values of the right shape where the document's sample would be refused as malformed before access is asked:
 * a refusal of the input says nothing about access.
 */
const wellFormed: Record<string, string> = { tz: 'Asia/Shanghai', signature: '0'.repeat(64), expires: String(Math.floor(Date.now() / 1000) + 3600) };

/** Fields of bodies and queries that name an object, by the collection their ids belong to. */
const fieldCollections: [RegExp, string][] = [
  [/^projectIds?$/, 'projects'],
  [/^(data)?[bB]atchIds?$/, 'batches'],
  [/^itemIds?$/, 'items'],
  [/^linkIds?$/, 'links'],
  [/^taskIds?$/, 'sampling'],
  [/^exportIds?$/, 'exports'],
  [/^teamIds?$/, 'teams'],
  [/^(acceptor|tagger|member|account|person)Ids?$/, 'people'],
];

/** The route's path with the other project's ids where they belong; null when no parameter names one of its objects. */
function pathOf(route: Route, ids: OtherProjectIds): string | null {
  let real = false;
  const path = route.template.replace(/\{([^}]+)\}/g, (_, param: string) => {
    const collection = collectionOf(route.template, param);
    if (plainParams[collection]) return plainParams[collection];
    const found = ids.get(collection)?.[0];
    if (found) real = true;
    return found ?? randomUUID();
  });
  return real ? path : null;
}

/** A sample value with every id field naming the other project's objects; `named` says whether any did. */
function aimed(value: unknown, ids: OtherProjectIds, named: { any: boolean }, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => aimed(item, ids, named, key));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, aimed(v, ids, named, k)]));
  const collection = fieldCollections.find(([pattern]) => pattern.test(key))?.[1];
  const id = collection ? ids.get(collection)?.[0] : undefined;
  if (id && typeof value === 'string') {
    named.any = true;
    return id;
  }
  return value;
}

interface Attempt {
  route: Route;
  path: string;
  body: unknown;
  /** Reached by its path's ids: must answer 403 or 404. Reached only by a query or body: must leak nothing. */
  byPath: boolean;
}

/** Every route that can name one of the other project's objects, aimed at them; event streams are left out (they never end). */
export function attemptsOf(routes: Route[], ids: OtherProjectIds): Attempt[] {
  const attempts: Attempt[] = [];
  for (const route of routes) {
    if (route.template.endsWith('/stream')) continue;
    const named = { any: false };
    const query = aimed({ ...route.query, ...Object.fromEntries(Object.keys(route.query).filter((k) => wellFormed[k]).map((k) => [k, wellFormed[k]])) }, ids, named) as Record<string, unknown>;
    const body = route.multipart ? undefined : aimed(route.body, ids, named);
    const path = pathOf(route, ids);
    if (!path && !named.any) continue;
    const search = new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : (Array.isArray(v) ? v : [v]).map((one) => [k, String(one)])))).toString();
    const base = path ?? route.template;
    attempts.push({ route, path: search ? `${base}?${search}` : base, body, byPath: path !== null });
  }
  return attempts;
}

async function logMark(platform: Platform): Promise<string> {
  const { rows } = await sql<{ mark: string }>`SELECT count(*)::text || '/' || coalesce(max(global_position), 0)::text AS mark FROM events`.execute(platform.database.db);
  return rows[0].mark;
}

async function writtenSince(platform: Platform, mark: string): Promise<string[]> {
  const position = mark.split('/')[1];
  const { rows } = await sql<{ line: string }>`SELECT type || ' on ' || stream_id || ' by ' || coalesce(metadata->>'actorRole', '?') AS line FROM events WHERE global_position > ${position}::bigint ORDER BY global_position`.execute(platform.database.db);
  return rows.map((r) => r.line);
}

/** Runs `work` over `items`, `limit` at a time. */
async function inPool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (next < items.length) await work(items[next++]);
  }));
}

/** Sends every attempt as each role (`tokens` by role name), a few at a time, and notes every answer an outsider must not get. */
export async function fuzzAccess(platform: Platform, tokens: Record<string, string>, ids: OtherProjectIds): Promise<AccessReport> {
  const attempts = attemptsOf(routesOf(await openApiDocument(platform)), ids);
  const secrets = [...ids.values()].flat();
  const before = await logMark(platform);
  const findings: AccessFinding[] = [];
  const work = Object.entries(tokens).flatMap(([role, token]) => attempts.map((attempt) => ({ role, token, attempt })));
  await inPool(work, 6, async ({ role, token, attempt }) => {
    const { route, path, body, byPath } = attempt;
    const hasBody = body !== undefined && route.method !== 'GET';
    const response = await fetch(`${platform.baseUrl}${path}`, {
      method: route.method,
      headers: { authorization: `Bearer ${token}`, 'x-language': 'en_US', ...(hasBody ? { 'content-type': 'application/json' } : {}) },
      body: hasBody ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(20_000),
    });
    const text = await response.text();
    const name = `${route.method} ${path}`;
    if (byPath && response.status !== 403 && response.status !== 404) findings.push({ role, route: name, problem: `answered ${response.status}: ${text.slice(0, 160)}` });
    if (!byPath && response.status >= 500) findings.push({ role, route: name, problem: `answered ${response.status}: ${text.slice(0, 160)}` });
    if (response.status < 300 && secrets.some((id) => text.includes(id) && !path.includes(id))) findings.push({ role, route: name, problem: `answered ${response.status} naming the other project's objects` });
  });
  const after = await logMark(platform);
  return { routes: new Set(attempts.map((a) => `${a.route.method} ${a.route.template}`)).size, attempts: work.length, findings, written: after === before ? [] : await writtenSince(platform, before) };
}
