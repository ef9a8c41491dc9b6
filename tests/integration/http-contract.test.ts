// The API's contract as a caller sees it: envelope, languages, errors, documentation and health.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { call, startPlatform, type Platform } from '../support/platform';
import { signInAdmin } from '../support/sign-in';

describe('HTTP contract', () => {
  let platform: Platform;
  let token: string;
  beforeAll(async () => {
    platform = await startPlatform({ worker: false });
    token = await signInAdmin(platform);
  });
  afterAll(async () => platform.stop());

  describe('envelope', () => {
    it('wraps a success in { code, message, data, errCode } in Chinese by default', async () => {
      const { status, body } = await call(platform, 'GET', '/healthz');
      expect(status).toBe(200);
      expect(body).toEqual({ code: 200, message: '成功', data: { status: 'ok' }, errCode: null });
    });

    it('answers in English when the language header or the languageType cookie asks', async () => {
      expect((await call(platform, 'GET', '/healthz', { headers: { 'x-language': 'en_US' } })).body.message).toBe('Success');
      expect((await call(platform, 'GET', '/healthz', { headers: { cookie: 'languageType=en_US' } })).body.message).toBe('Success');
    });

    it("accepts the client's timestamp parameter t on GET", async () => {
      const { status, body } = await call(platform, 'GET', `/manage/audits?limit=5&t=${Date.now()}`, { token });
      expect(status).toBe(200);
      expect(body.data).toEqual({ items: [], nextCursor: null });
    });
  });

  describe('errors', () => {
    it('answers an unknown route with 404 NOT_FOUND in the envelope', async () => {
      const { status, body } = await call(platform, 'GET', '/manage/nothing-here', { headers: { 'x-language': 'en_US' } });
      expect(status).toBe(404);
      expect(body).toEqual({ code: 404, message: 'No such endpoint: GET /manage/nothing-here', data: null, errCode: 'NOT_FOUND' });
    });

    it('answers bad input with 400 VALIDATION_FAILED and localized field errors', async () => {
      const zh = await call(platform, 'GET', '/manage/audits?limit=0', { token });
      expect(zh.status).toBe(400);
      expect(zh.body.errCode).toBe('VALIDATION_FAILED');
      expect(zh.body.message).toBe('参数校验失败');
      expect(zh.body.data.fields).toEqual([{ field: 'limit', message: '每页条数过小或过短' }]);
      const en = await call(platform, 'POST', '/manage/audits', { token, body: { surprise: 1 }, headers: { 'x-language': 'en_US' } });
      expect(en.status).toBe(400);
      expect(en.body.data.fields).toEqual([{ field: '(root)', message: 'Unsupported fields: surprise' }]);
    });

    it('answers malformed JSON with 400 in the envelope', async () => {
      const { status, body } = await call(platform, 'POST', '/manage/audits', { token, body: '{"oops', headers: { 'content-type': 'application/json', 'x-language': 'en_US' } });
      expect(status).toBe(400);
      expect(body).toEqual({ code: 400, message: 'The body is not valid JSON', data: null, errCode: 'MALFORMED_JSON' });
    });

    it('answers a missing thing with 404 naming it', async () => {
      const { status, body } = await call(platform, 'GET', '/manage/audits/00000000-0000-4000-8000-000000000000', { token, headers: { 'x-language': 'en_US' } });
      expect(status).toBe(404);
      expect(body.message).toBe('Ledger verification not found: 00000000-0000-4000-8000-000000000000');
    });

    it('answers an internal failure with 500 INTERNAL and no stack trace', async () => {
      await sql`ALTER TABLE audits RENAME TO audits_away`.execute(platform.database.db);
      try {
        const { status, body } = await call(platform, 'GET', '/manage/audits', { token });
        expect(status).toBe(500);
        expect(body).toEqual({ code: 500, message: '服务器内部错误，请稍后重试', data: null, errCode: 'INTERNAL' });
      } finally {
        await sql`ALTER TABLE audits_away RENAME TO audits`.execute(platform.database.db);
      }
    });
  });

  describe('commands', () => {
    it('returns the same run for a repeated Idempotency-Key and records the actor', async () => {
      const headers = { 'idempotency-key': 'same-click' };
      const first = await call(platform, 'POST', '/manage/audits', { token, body: {}, headers });
      const second = await call(platform, 'POST', '/manage/audits', { token, body: {}, headers });
      expect(first.status).toBe(200);
      expect(second.body.data).toEqual(first.body.data);
      const one = await call(platform, 'GET', `/manage/audits/${first.body.data.auditId}`, { token });
      expect(one.headers.get('etag')).toBe('"1"');
      expect(one.body.data).toMatchObject({ status: 'requested', requestedBy: expect.any(String) });
      const listed = await call(platform, 'GET', '/manage/audits?limit=100', { token });
      expect(listed.body.data.items.filter((a: { auditId: string }) => a.auditId === first.body.data.auditId)).toHaveLength(1);
    });

    it('pages lists by keyset', async () => {
      for (let i = 0; i < 3; i++) await call(platform, 'POST', '/manage/audits', { token, body: {} });
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: any = await call(platform, 'GET', `/manage/audits?limit=2${cursor ? `&cursor=${cursor}` : ''}`, { token });
        seen.push(...page.body.data.items.map((a: { auditId: string }) => a.auditId));
        cursor = page.body.data.nextCursor;
      } while (cursor);
      const all = await call(platform, 'GET', '/manage/audits?limit=100', { token });
      expect(seen).toEqual(all.body.data.items.map((a: { auditId: string }) => a.auditId));
      expect(new Set(seen).size).toBe(seen.length);
    });
  });

  describe('input gate', () => {
    const raw = (path: string, init: RequestInit) => fetch(`${platform.baseUrl}${path}`, init).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));

    it('refuses media types, charsets and encodings it cannot read with 415, saying which', async () => {
      const en = { 'x-language': 'en_US' };
      const charset = await raw('/manage/auth/login', { method: 'POST', headers: { ...en, 'content-type': 'application/json; charset=koi8-r' }, body: '{}' });
      expect(charset).toEqual({ status: 415, body: { code: 415, message: 'Unsupported character set koi8-r: send UTF-8', data: null, errCode: 'UNSUPPORTED_MEDIA_TYPE' } });
      const encoding = await raw('/manage/auth/login', { method: 'POST', headers: { ...en, 'content-type': 'application/json', 'content-encoding': 'x-zip' }, body: '{}' });
      expect(encoding.body.message).toBe('Unsupported content encoding x-zip');
      const type = await raw('/manage/audits', { method: 'POST', headers: { ...en, authorization: `Bearer ${token}`, 'content-type': 'text/plain' }, body: '{}' });
      expect(type.body).toMatchObject({ code: 415, message: 'Unsupported content type text/plain: send application/json' });
    });

    it('refuses NUL and lone surrogates before they reach PostgreSQL, naming the field, on sign-in too', async () => {
      const nul = await call(platform, 'POST', '/manage/auth/login', { body: { account: 'admin\u0000@example.com', password: 'x', role: 4 } });
      expect(nul.status).toBe(400);
      expect(nul.body.data.fields).toEqual([{ field: 'account', message: '账号包含空字符或无效的 Unicode' }]);
      const surrogate = await call(platform, 'POST', '/manage/teams', { token, body: '{"name":"crew \\ud800"}', headers: { 'x-language': 'en_US' } });
      expect(surrogate.body.data.fields).toEqual([{ field: 'name', message: 'Name holds a NUL character or invalid Unicode' }]);
      const query = await call(platform, 'GET', '/manage/people?keyword=%00', { token });
      expect(query.body.data.fields[0].field).toBe('keyword');
    });

    it('bounds nesting, so no JSON value can overflow the stack', async () => {
      const deep = '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000);
      const answer = await call(platform, 'POST', '/manage/projects', { token, body: deep, headers: { 'x-language': 'en_US' } });
      expect(answer.status).toBe(400);
      expect(answer.body.data.fields[0].message).toMatch(/nested deeper than 32 levels$/);
    });

    it('refuses a cursor no list handed out instead of passing it to PostgreSQL', async () => {
      const crafted = Buffer.from('2026-02-31T00:00:00.000000Z|zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz').toString('base64url');
      const answer = await call(platform, 'GET', `/manage/projects?cursor=${crafted}`, { token, headers: { 'x-language': 'en_US' } });
      expect(answer.status).toBe(400);
      expect(answer.body.data.fields).toEqual([{ field: 'cursor', message: 'cursor is not a cursor this list handed out' }]);
    });

    it('answers an address too long for Node with 431 in the envelope and the caller’s language', async () => {
      const answer = await raw(`/manage/projects?keyword=${'a'.repeat(20_000)}`, { headers: { 'x-language': 'en_US' } });
      expect(answer).toEqual({ status: 431, body: { code: 431, message: 'The address or headers of the request are too long', data: null, errCode: 'TOO_LARGE' } });
    });

    it('refuses a body over 8 MB with 413', async () => {
      const answer = await call(platform, 'POST', '/manage/teams', { token, body: { name: 'x'.repeat(9 * 1024 * 1024) } });
      expect(answer.status).toBe(413);
      expect(answer.body.errCode).toBe('TOO_LARGE');
    });

    it('reads a gzipped JSON body as the editor sends a large result, and bounds it by its unpacked size', async () => {
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-encoding': 'gzip', 'x-language': 'en_US' };
      const packed = await raw('/manage/teams', { method: 'POST', headers, body: gzipSync(JSON.stringify({ name: '' })) });
      // Read and checked like any body: the empty name is refused by the schema, not by the transport.
      expect(packed.status).toBe(400);
      expect(packed.body.data.fields[0].field).toBe('name');
      const bomb = await raw('/manage/teams', { method: 'POST', headers, body: gzipSync(JSON.stringify({ name: 'x'.repeat(9 * 1024 * 1024) })) });
      expect(bomb.status).toBe(413);
      expect(bomb.body.errCode).toBe('TOO_LARGE');
    });
  });

  describe('the console beside the API', () => {
    it('serves its files to keep, its pages as index.html to ask again, and never itself for a call of the API', async () => {
      const asset = readdirSync(path.join(__dirname, '..', '..', 'console', 'dist', 'assets')).find((name) => name.endsWith('.js'))!;
      const file = await fetch(`${platform.baseUrl}/assets/${asset}`);
      expect(file.status).toBe(200);
      expect(file.headers.get('cache-control')).toBe('public, max-age=3600');
      const page = await fetch(`${platform.baseUrl}/projects`, { headers: { accept: 'text/html' } });
      expect([page.status, page.headers.get('cache-control')]).toEqual([200, 'no-cache']);
      expect(await page.text()).toContain('<div id="root">');
      const call = await fetch(`${platform.baseUrl}/manage/nothing-here`, { headers: { accept: 'text/html' } });
      expect(call.status).toBe(404);
      expect((await call.json()).errCode).toBe('NOT_FOUND');
    });
  });

  describe('moved addresses', () => {
    const project = '5f0c2a4e-8d7b-4c1a-9e3f-2b6d8a1c4e70';
    const item = '0b9e7d55-3c2a-4f61-8a0d-6e4b1f9c2d83';

    it.each([
      ['GET', `/manage/tasks/projects/${project}/items?status=finished&limit=5`, `/manage/items/projects/${project}?status=finished&limit=5`],
      ['GET', `/manage/tasks/projects/${project}/counts`, `/manage/items/projects/${project}/counts`],
      ['GET', `/manage/tasks/items/${item}/frames/0/media`, `/manage/items/${item}/frames/0/media`],
      ['POST', `/manage/tasks/items/${item}/submit`, `/manage/items/${item}/submit`],
      ['POST', `/manage/tasks/links/${project}/claims`, `/manage/items/links/${project}/claims`],
    ])('sends %s %s of the item context on to its address with 308', async (method, old, moved) => {
      const sent = await fetch(`${platform.baseUrl}${old}`, { method, redirect: 'manual', headers: { authorization: `Bearer ${token}` } });
      expect([sent.status, sent.headers.get('location')]).toEqual([308, moved]);
      const followed = await call(platform, method, old, { token, body: method === 'POST' ? {} : undefined });
      const asked = await call(platform, method, moved, { token, body: method === 'POST' ? {} : undefined });
      expect([followed.status, followed.body]).toEqual([asked.status, asked.body]);
    });
  });

  describe('documentation and health', () => {
    it('publishes OpenAPI generated from the zod schemas at /api/docs', async () => {
      const html = await fetch(`${platform.baseUrl}/api/docs`);
      expect(html.status).toBe(200);
      const doc: any = await (await fetch(`${platform.baseUrl}/api/docs-json`)).json();
      expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/manage/audits', '/manage/audits/{auditId}', '/healthz', '/readyz']));
      const listParams = doc.paths['/manage/audits'].get.parameters.map((p: { name: string }) => p.name);
      expect(listParams).toEqual(expect.arrayContaining(['limit', 'cursor']));
    });

    it('documents each body under a name of its own, and the envelope of every answer', async () => {
      const doc: any = await (await fetch(`${platform.baseUrl}/api/docs-json`)).json();
      const body = (path: string, method: string) => doc.paths[path][method].requestBody.content;
      expect(body('/manage/error-groups', 'post')['application/json'].schema.$ref).toBe('#/components/schemas/ErrorGroupDto');
      expect(body('/manage/invalid-reasons', 'post')['application/json'].schema.$ref).toBe('#/components/schemas/InvalidReasonDto');
      expect(doc.components.schemas.ErrorGroupDto).not.toEqual(doc.components.schemas.InvalidReasonDto);
      expect(body('/manage/batches/{id}/upload', 'post')['multipart/form-data'].schema.properties.file).toMatchObject({ type: 'string', format: 'binary' });
      for (const [path, operations] of Object.entries<any>(doc.paths)) {
        for (const [method, operation] of Object.entries<any>(operations)) {
          expect({ [`${method} ${path}`]: Object.keys(operation.responses) }).toEqual({ [`${method} ${path}`]: expect.arrayContaining(['200', '400', '403', '404', '500']) });
        }
      }
    });

    it('reports PostgreSQL, Redis and migrations ready', async () => {
      const { status, body } = await call(platform, 'GET', '/readyz');
      expect(status).toBe(200);
      expect(body.data).toEqual({ postgres: 'ok', redis: 'ok', migrations: 'ok' });
    });
  });
});
