// Sends every hostile request to every route and notes each answer a caller must never get.
import { sql } from 'kysely';
import type { Platform } from '../platform';
import { randomUUID } from 'node:crypto';
import { fillPath, harvestIds, type IdsByCollection } from './harvested-ids';
import { gateProbedRoutes, hostileRequests } from './hostile-requests';
import { type OpenApiDocument, routesOf } from './openapi-routes';

export interface Finding {
  route: string;
  what: string;
  problem: string;
}

export interface FuzzReport {
  routes: number;
  requests: number;
  findings: Finding[];
  /** Routes with path parameters that were reached with real ids. */
  addressed: number;
}

export async function openApiDocument(platform: Platform): Promise<OpenApiDocument> {
  return (await fetch(`${platform.baseUrl}/api/docs-json`)).json() as Promise<OpenApiDocument>;
}

async function logPosition(platform: Platform): Promise<string> {
  const { rows } = await sql<{ position: string }>`SELECT coalesce(max(global_position), 0)::text AS position FROM events`.execute(platform.database.db);
  return rows[0].position;
}

function envelopeProblem(status: number, type: string, text: string, attachment: boolean): string | null {
  // A download (a tool's JSON, a failure CSV) is the file itself; only a refusal must be an envelope.
  if (attachment && status < 300) return null;
  if (!type.includes('application/json')) return status >= 400 ? `answered ${status} as ${type || 'no content type'}: ${text.slice(0, 80)}` : null;
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    return `answered ${status} with a body that is not JSON: ${text.slice(0, 80)}`;
  }
  const valid =
    body && typeof body === 'object' && body.code === status && typeof body.message === 'string' && body.message.length > 0 && 'data' in body &&
    (body.errCode === null || typeof body.errCode === 'string');
  return valid ? null : `answered ${status} outside the envelope: ${text.slice(0, 120)}`;
}

/**
 * `signIn` gives the caller's token (null: anonymous); it is asked again when a route ended the session. `share` picks
 * every n-th route from the k-th, so several test files can each take a share of the routes and run side by side.
 */
export async function fuzz(platform: Platform, signIn: (() => Promise<string>) | null, share = { k: 0, n: 1 }): Promise<FuzzReport> {
  const all = routesOf(await openApiDocument(platform));
  const routes = all.filter((_, i) => i % share.n === share.k);
  // The gate stands before every route's guard and does not ask who calls: the signed-in files send its probes, the
  // anonymous ones what an anonymous caller reaches of each route.
  const gateProbed = signIn ? gateProbedRoutes(all) : new Set();
  let token = signIn ? await signIn() : null;
  const ids: IdsByCollection = token ? await harvestIds(platform.baseUrl, token, all, new Set([await ownId(platform, token)])) : new Map();
  const findings: Finding[] = [];
  let requests = 0;
  // Only the fuzzer's requests write (the test runs no worker), one at a time: the position after one request is the
  // position before the next.
  let position = await logPosition(platform);
  for (const route of routes) {
    const name = `${route.method} ${route.template}`;
    // A route whose guard turned the caller away at the plausible request turns every variant of its query, body and
    // files away at the same door: those are sent to the routes the caller passes.
    let guarded = false;
    for (const hostile of hostileRequests(route, fillPath(route, ids, randomUUID()), gateProbed.has(route))) {
      if (guarded && hostile.pastGuard) continue;
      const before = position;
      let response: Response;
      try {
        response = await fetch(`${platform.baseUrl}${hostile.path}`, {
          method: route.method,
          headers: { ...hostile.headers, ...(token ? { authorization: `Bearer ${token}` } : {}), 'x-language': requests % 2 ? 'en_US' : 'zh_CN' },
          body: hostile.body as BodyInit | undefined,
          signal: AbortSignal.timeout(15_000),
        });
      } catch (error) {
        findings.push({ route: name, what: hostile.what, problem: `no answer: ${(error as Error).message}` });
        position = await logPosition(platform);
        continue;
      }
      requests++;
      const text = await response.text();
      const status = response.status;
      if (hostile.what === 'plausible request' && status === 403 && !signIn && text.includes('TOKEN_INVALID')) guarded = true;
      if (status >= 500) findings.push({ route: name, what: hostile.what, problem: `answered ${status}: ${text.slice(0, 160)}` });
      const attachment = (response.headers.get('content-disposition') ?? '').startsWith('attachment');
      const problem = envelopeProblem(status, response.headers.get('content-type') ?? '', text, attachment);
      if (problem) findings.push({ route: name, what: hostile.what, problem });
      position = await logPosition(platform);
      if (status >= 400 && position !== before) {
        findings.push({ route: name, what: hostile.what, problem: `refused with ${status} but the event log changed` });
      }
      if (signIn && status === 403 && text.includes('TOKEN_INVALID')) {
        token = await signIn();
        position = await logPosition(platform);
      }
    }
  }
  return { routes: routes.length, requests, findings, addressed: routes.filter((r) => r.pathParams.length > 0 && !fillPath(r, ids, '//').includes('//')).length };
}

async function ownId(platform: Platform, token: string): Promise<string> {
  const response = await fetch(`${platform.baseUrl}/api/user/info`, { headers: { authorization: `Bearer ${token}` } });
  const { data } = (await response.json()) as { data: { data: { id: string } } };
  return data.data.id;
}

export function describeFindings(findings: Finding[]): string {
  return findings
    .slice(0, 60)
    .map((f) => `${f.route} [${f.what}]: ${f.problem}`)
    .join('\n');
}
