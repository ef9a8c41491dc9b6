// What a hostile client sends to a route: broken ids, queries and bodies, wrong media types, encodings and headers.
import { randomUUID } from 'node:crypto';
import type { Route } from './openapi-routes';

export interface HostileRequest {
  what: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** Reaches past the access guard to the route's own parsing (its query, body fields, files), where the gate and the router do not. */
  pastGuard: boolean;
}

const writes = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const json = { 'content-type': 'application/json' };
const b64 = (text: string) => Buffer.from(text).toString('base64url');

/** Ids a client could put where an id belongs: foreign shapes, control characters, broken escapes, traversal. */
const hostileIds = ['1', 'not-a-uuid', '%00', '%E0%A4%A', 'a'.repeat(3000), '..%2F..%2Fetc%2Fpasswd', '00000000-0000-0000-0000-000000000000', '%F0%9F%98%80', '-1', '1e400'];

/** Cursors no list handed out: dates JavaScript reads and PostgreSQL refuses, ids of the right length that are not UUIDs. */
const hostileCursors = [
  b64(`2026-02-31T00:00:00.000000Z|${randomUUID()}`),
  b64(`99999-01-01T00:00:00Z|${randomUUID()}`),
  b64('2026-01-01T00:00:00Z|zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz'),
  b64(`2026-01-01T00:00:00Z|${randomUUID()}|extra`),
  b64('-infinity|' + randomUUID()),
  'not base64 at all!',
  '9999999999',
];

/** Refused by the shared gate, which walks the whole body before any handler: sent field by field where the gate is probed. */
const gateScalars: [string, unknown][] = [
  ['NUL', 'a\u0000b'],
  ['lone surrogate', 'a\ud800b'],
];

/** What each route's own validation decides, field by field. */
const hostileScalars: [string, unknown][] = [
  ['control characters', '\u0001\u0002\u001b[31m'],
  ['10,000 characters', 'x'.repeat(10_000)],
  ['huge number', 1e308],
  ['2^64', 18446744073709551616],
  ['negative', -1],
  ['fraction', 1.5],
  ['wrong type: object', { a: 1 }],
  ['wrong type: array', [1, 2]],
  ['null', null],
  ['boolean', true],
];

const deep = (levels: number): string => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels);

function everyParam(route: Route, value: string): string {
  return route.template.replace(/\{[^}]+\}/g, value);
}

function withQuery(path: string, query: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const one of Array.isArray(value) ? value : [value]) search.append(name, typeof one === 'string' ? one : JSON.stringify(one));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Every leaf of a value with its path, so each field can be replaced on its own. */
function leaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, child]) => leaves(child, [...path, key]));
  return [path];
}

function replaced(value: unknown, path: (string | number)[], by: unknown): unknown {
  if (path.length === 0) return by;
  const copy: any = structuredClone(value);
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key];
  target[path[path.length - 1]] = by;
  return copy;
}

/**
 * The writes that probe the shared input gate (sizes, nesting, NUL and lone surrogates in each field, media types, charsets, encodings, If-Match,
 * Idempotency-Key): one code path before every handler, so one write route of each controller is sent them.
 */
export function gateProbedRoutes(routes: Route[]): Set<Route> {
  const probed = new Map<string, Route>();
  const hasFields = (route: Route | undefined) => !!route?.body && typeof route.body === 'object';
  for (const route of routes) {
    // A route with body fields where the controller has one, so the gate's refusals are also sent field by field.
    if (writes.has(route.method) && (!probed.has(route.controller) || (hasFields(route) && !hasFields(probed.get(route.controller))))) probed.set(route.controller, route);
  }
  return new Set(probed.values());
}

/**
 * `base` is the route's path with real ids where the caller could find some, random ones elsewhere; `gate` adds the
 * probes of the shared input gate, which the route's own probes (its ids, query, body fields, media) go without.
 */
export function hostileRequests(route: Route, base: string, gate = true): HostileRequest[] {
  const requests: HostileRequest[] = [];
  let pastGuard = false;
  const add = (what: string, path: string, headers: Record<string, string> = {}, body?: string | Buffer) => requests.push({ what, path, headers, body, pastGuard });
  const baseBody = route.body === undefined ? '{}' : JSON.stringify(route.body);
  const write = writes.has(route.method);
  const plain = (path: string, what: string) => add(what, path, write ? json : {}, write ? baseBody : undefined);

  plain(withQuery(base, route.query), 'plausible request');
  if (route.pathParams.length > 0) {
    plain(withQuery(everyParam(route, randomUUID()), route.query), 'ids of nothing');
    for (const id of hostileIds) plain(withQuery(everyParam(route, id), route.query), `path id ${id.slice(0, 20)}`);
  }

  pastGuard = true;
  for (const name of Object.keys(route.query)) {
    for (const value of ['\u0000', 'x'.repeat(5000), '1e400', '-1', 'NaN', '99999999999999999999', '%']) {
      plain(withQuery(base, { ...route.query, [name]: value }), `query ${name}=${JSON.stringify(value.slice(0, 12))}`);
    }
    plain(withQuery(base, { ...route.query, [name]: ['1', '2'] }), `query ${name} repeated`);
  }
  if ('cursor' in route.query) for (const cursor of hostileCursors) plain(withQuery(base, { ...route.query, cursor }), `cursor ${cursor.slice(0, 16)}`);
  plain(withQuery(base, { ...route.query, unknownField: '1', 'a[b][c]': '1' }), 'unknown query fields');
  pastGuard = false;
  plain(`${base}?keyword=%E0%A4%A&cursor=%&limit=%00`, 'broken escapes in the query');

  if (!write) return requests;
  const path = withQuery(base, route.query);
  pastGuard = true;
  if (route.multipart) {
    const form = (_: string) => ({ 'content-type': 'multipart/form-data; boundary=fuzz' }) as Record<string, string>;
    const part = (name: string, file: string, content: string) => `--fuzz\r\nContent-Disposition: form-data; name="${name}"; filename="${file}"\r\nContent-Type: application/octet-stream\r\n\r\n${content}\r\n`;
    add('multipart without a file', path, form(''), '--fuzz--\r\n');
    add('multipart with a file that is not what the route takes', path, form(''), `${part('file', 'a.zip', 'not a zip')}--fuzz--\r\n`);
    add('multipart with two files', path, form(''), `${part('file', 'a.zip', 'PK')}${part('file', 'b.zip', 'PK')}--fuzz--\r\n`);
    add('multipart with a file under another name', path, form(''), `${part('other', 'a.zip', 'PK')}--fuzz--\r\n`);
    add('multipart with a control character in the file name', path, form(''), `${part('file', 'a\u0001\u0000.zip', 'PK')}--fuzz--\r\n`);
    add('multipart cut short', path, form(''), part('file', 'a.zip', 'PK'));
  }
  pastGuard = false;
  add('malformed JSON', path, json, '{"a":');
  pastGuard = true;
  for (const body of ['[]', '"x"', '123', 'null', 'true', '{}']) add(`body ${body}`, path, json, body);
  add('unknown field', path, json, JSON.stringify({ ...(route.body as object), unknownField: 1 }));
  pastGuard = false;
  if (gate) gateProbes(path, baseBody, add);
  pastGuard = true;

  if (route.body && typeof route.body === 'object') {
    for (const leaf of leaves(route.body).slice(0, 12)) {
      for (const [what, value] of gate ? [...gateScalars, ...hostileScalars] : hostileScalars) {
        add(`${leaf.join('.')} = ${what}`, path, json, JSON.stringify(replaced(route.body, leaf, value)));
      }
      if (gate) add(`${leaf.join('.')} deeply nested`, path, json, JSON.stringify(replaced(route.body, leaf, '__DEEP__')).replace('"__DEEP__"', deep(200)));
    }
  }
  return requests;
}

/** The gate's largest probes, encoded once for every route they are sent to. */
const largeBodies = {
  deep: Buffer.from(deep(5000)),
  values: Buffer.from(`{"a":[${'0,'.repeat(599_999)}0]}`),
  over: Buffer.from(JSON.stringify({ text: 'x'.repeat(9 * 1024 * 1024) })),
};

function gateProbes(path: string, baseBody: string, add: (what: string, path: string, headers: Record<string, string>, body?: string | Buffer) => void): void {
  add('deep nesting', path, json, largeBodies.deep);
  add('600,000 values', path, json, largeBodies.values);
  add('9 MB body', path, json, largeBodies.over);
  for (const [type, body] of [['text/plain', baseBody], ['application/xml', '<a/>'], ['application/x-www-form-urlencoded', 'a=1'], ['multipart/form-data; boundary=zz', '--zz\r\nbroken']] as const) {
    add(`media type ${type}`, path, { 'content-type': type }, body);
  }
  add('charset koi8-r', path, { 'content-type': 'application/json; charset=koi8-r' }, baseBody);
  add('charset utf-16', path, { 'content-type': 'application/json; charset=utf-16' }, baseBody);
  for (const encoding of ['gzip', 'deflate', 'br', 'x-unknown']) add(`content-encoding ${encoding}`, path, { ...json, 'content-encoding': encoding }, Buffer.from('not compressed'));
  add('If-Match garbage', path, { ...json, 'if-match': 'abc' }, baseBody);
  add('If-Match huge', path, { ...json, 'if-match': `"${'9'.repeat(40)}"` }, baseBody);
  add('Idempotency-Key too long', path, { ...json, 'idempotency-key': 'k'.repeat(300) }, baseBody);
}
