// Documents and help over the API: the admin keeps documents; each role's help list and manual reads show only the
// on-shelf documents whose range names the role; uploaded files are checked by content and served to the same readers;
// replay rebuilds the documents exactly; a private deployment has none of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catchUp, projectionCatalogue, verifyReplay } from '@annot/core';
import type { DocumentView, HelpDocumentEntry } from '@annot/workflows';
import { call, startPlatform, type Platform } from '../support/platform';
import { type Cast, castOfEveryRole, type RoleCode } from '../support/people';
import { signInAdmin } from '../support/sign-in';

const en = { 'x-language': 'en_US' };
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
const roles: RoleCode[] = ['01', '10', '20', '30', '40', '50'];

describe('documents', () => {
  let platform: Platform;
  let cast: Cast;
  const admin = () => cast.tokens['01'];
  const upload = async (content: Buffer, name: string, token = admin()) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(content)]), name);
    const response = await fetch(`${platform.baseUrl}/manage/documents/files`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}`, ...en } });
    return { status: response.status, body: (await response.json()) as any };
  };
  const add = async (body: Record<string, unknown>): Promise<string> => {
    const answer = await call(platform, 'POST', '/manage/documents', { token: admin(), body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data.id;
  };
  const help = async (role: RoleCode): Promise<string[]> => {
    const answer = await call<HelpDocumentEntry[]>(platform, 'GET', '/manage/documents/help', { token: cast.tokens[role] });
    expect(answer.status).toBe(200);
    return answer.body.data.map((entry) => entry.name);
  };
  const fileStatus = async (documentId: string, role: RoleCode) =>
    (await fetch(`${platform.baseUrl}/manage/documents/${documentId}/file`, { headers: { authorization: `Bearer ${cast.tokens[role]}` } })).status;

  let taggerGuide: string;
  let acceptanceGuide: string;
  let handbook: string;

  beforeAll(async () => {
    platform = await startPlatform({ worker: false });
    cast = await castOfEveryRole(platform);
  });
  afterAll(async () => platform.stop());

  it('lets the admin add link documents for chosen roles, and lists them by sort', async () => {
    handbook = await add({ name: 'PM handbook', address: { kind: 'link', url: 'https://example.com/pm' }, visibleRoles: ['10', '20'], sort: 3 });
    acceptanceGuide = await add({ name: 'Acceptance guide', address: { kind: 'link', url: 'https://example.com/accept' }, visibleRoles: ['50'], sort: 2, description: 'How to accept' });
    const list = await call<{ items: DocumentView[] }>(platform, 'GET', '/manage/documents', { token: admin() });
    expect(list.body.data.items.map((d) => [d.name, d.sort, d.visibleRoles, d.onShelf])).toEqual([
      ['Acceptance guide', 2, ['50'], true],
      ['PM handbook', 3, ['10', '20'], true],
    ]);
  });

  it('refuses bad input in the envelope with each field’s message', async () => {
    const bad = await call(platform, 'POST', '/manage/documents', {
      token: admin(),
      headers: en,
      body: { name: ' ', address: { kind: 'link', url: 'javascript:alert(1)' }, visibleRoles: [] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errCode).toBe('VALIDATION_FAILED');
    expect(bad.body.data.fields).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Please enter the document’s name' },
        { field: 'address.url', message: 'Give the document’s address as an http or https URL' },
        { field: 'visibleRoles', message: 'Choose at least one role that may read the document' },
      ]),
    );
    const chinese = await call(platform, 'POST', '/manage/documents', { token: admin(), body: { name: '标注指南', address: { kind: 'link', url: 'https://example.com' }, visibleRoles: [] } });
    expect(chinese.body.data.fields).toEqual([{ field: 'visibleRoles', message: '请至少选择一个可见角色' }]);
    const unknownFile = await call(platform, 'POST', '/manage/documents', {
      token: admin(),
      headers: en,
      body: { name: 'Ghost', address: { kind: 'file', fileId: '00000000-0000-4000-8000-000000000000' }, visibleRoles: ['40'] },
    });
    expect(unknownFile.status).toBe(400);
    expect(unknownFile.body.data.fields).toEqual([{ field: 'address.fileId', message: 'Upload the document’s file first' }]);
  });

  it('takes PDF, PNG and text uploads checked by their content, and refuses the rest', async () => {
    const renamed = await upload(Buffer.from('<html><script>alert(1)</script></html>'), 'guide.pdf');
    expect(renamed.status).toBe(400);
    expect(renamed.body.data.fields).toEqual([{ field: 'file', message: 'The file’s content is not a pdf file' }]);
    const html = await upload(Buffer.from('<html></html>'), 'page.html');
    expect(html.status).toBe(400);
    expect(html.body.data.fields[0].message).toBe('A document file must be one of: pdf, png, jpg, md, txt');
    const binaryText = await upload(Buffer.from([0xff, 0xfe, 0, 1]), 'notes.txt');
    expect(binaryText.status).toBe(400);
    const big = await upload(Buffer.concat([pdf, Buffer.alloc(20 * 1024 * 1024)]), 'huge.pdf');
    expect(big.status).toBe(413);
    expect(big.body.errCode).toBe('TOO_LARGE');
    const tagger = await upload(pdf, 'guide.pdf', cast.tokens['40']);
    expect(tagger.status).toBe(403);

    const uploaded = await upload(pdf, 'Annotation guide.pdf');
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.data).toMatchObject({ fileName: 'Annotation guide.pdf', mediaType: 'application/pdf', size: pdf.length });
    taggerGuide = await add({ name: 'Annotation guide', address: { kind: 'file', fileId: uploaded.body.data.fileId }, visibleRoles: ['40', '30'], sort: 1 });
    const image = await upload(png, 'boxes.PNG');
    expect(image.body.data.mediaType).toBe('image/png');
    const text = await upload(Buffer.from('# Notes\n\nDraw tight boxes.'), 'notes.md');
    expect(text.body.data.mediaType).toBe('text/markdown; charset=utf-8');
  });

  it('gives each role the on-shelf help documents in its range, by sort, with the seed’s id, name and url', async () => {
    expect(await help('40')).toEqual(['Annotation guide']);
    expect(await help('30')).toEqual(['Annotation guide']);
    expect(await help('50')).toEqual(['Acceptance guide']);
    expect(await help('10')).toEqual(['PM handbook']);
    expect(await help('20')).toEqual(['PM handbook']);
    expect(await help('01')).toEqual([]);
    const entries = (await call<HelpDocumentEntry[]>(platform, 'GET', '/manage/documents/help', { token: cast.tokens['40'] })).body.data;
    expect(entries).toEqual([{ id: taggerGuide, name: 'Annotation guide', url: `/manage/documents/${taggerGuide}/file` }]);
  });

  it('shows a document and its file to readers in range only; to the rest it does not exist', async () => {
    for (const role of roles) {
      const read = await call(platform, 'GET', `/manage/documents/${taggerGuide}`, { token: cast.tokens[role] });
      expect([role, read.status]).toEqual([role, ['01', '30', '40'].includes(role) ? 200 : 404]);
      expect([role, await fileStatus(taggerGuide, role)]).toEqual([role, ['01', '30', '40'].includes(role) ? 200 : 404]);
    }
    const served = await fetch(`${platform.baseUrl}/manage/documents/${taggerGuide}/file`, { headers: { authorization: `Bearer ${cast.tokens['40']}` } });
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(pdf)).toBe(true);
    // A link document has no file to serve.
    expect(await fileStatus(acceptanceGuide, '50')).toBe(404);
  });

  it('hides a document taken off the shelf from readers, keeps it for the admin, and brings it back on the shelf', async () => {
    const off = await call(platform, 'POST', `/manage/documents/${taggerGuide}/unshelve`, { token: admin(), body: {} });
    expect(off.status).toBe(200);
    expect(await help('40')).toEqual([]);
    expect((await call(platform, 'GET', `/manage/documents/${taggerGuide}`, { token: cast.tokens['40'] })).status).toBe(404);
    expect(await fileStatus(taggerGuide, '40')).toBe(404);
    const kept = await call<DocumentView>(platform, 'GET', `/manage/documents/${taggerGuide}`, { token: admin() });
    expect(kept.body.data.onShelf).toBe(false);

    const twice = await call(platform, 'POST', `/manage/documents/${taggerGuide}/unshelve`, { token: admin(), body: {} });
    expect(twice.status).toBe(409);
    expect(twice.body.errCode).toBe('INVALID_TRANSITION');

    expect((await call(platform, 'POST', `/manage/documents/${taggerGuide}/shelve`, { token: admin(), body: {} })).status).toBe(200);
    expect(await help('40')).toEqual(['Annotation guide']);
  });

  it('edits a document’s range and sort with the ETag it was read at, and refuses a stale one', async () => {
    const read = await call<DocumentView>(platform, 'GET', `/manage/documents/${acceptanceGuide}`, { token: admin() });
    const etag = read.headers.get('etag')!;
    const body = { name: 'Acceptance guide', address: { kind: 'link', url: 'https://example.com/accept/v2' }, description: 'For acceptors and taggers', visibleRoles: ['50', '40'], sort: 0 };
    const edited = await call(platform, 'PUT', `/manage/documents/${acceptanceGuide}`, { token: admin(), body, headers: { 'if-match': etag } });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await help('40')).toEqual(['Acceptance guide', 'Annotation guide']);
    const stale = await call(platform, 'PUT', `/manage/documents/${acceptanceGuide}`, { token: admin(), body, headers: { 'if-match': etag } });
    expect(stale.status).toBe(409);
    expect(stale.body.errCode).toBe('VERSION_CONFLICT');
    const entry = (await call<HelpDocumentEntry[]>(platform, 'GET', '/manage/documents/help', { token: cast.tokens['50'] })).body.data[0];
    expect(entry.url).toBe('https://example.com/accept/v2');
  });

  it('removes a document for good', async () => {
    expect((await call(platform, 'POST', `/manage/documents/${handbook}/remove`, { token: admin(), body: {} })).status).toBe(200);
    expect(await help('10')).toEqual([]);
    expect((await call(platform, 'GET', `/manage/documents/${handbook}`, { token: admin() })).status).toBe(404);
    const again = await call(platform, 'POST', `/manage/documents/${handbook}/shelve`, { token: admin(), body: {} });
    expect(again.status).toBe(409);
    const unknown = await call(platform, 'POST', '/manage/documents/00000000-0000-4000-8000-000000000000/shelve', { token: admin(), body: {} });
    expect(unknown.status).toBe(404);
  });

  it('rebuilds the documents from the log exactly', async () => {
    for (const projection of projectionCatalogue.filter((p) => p.mode === 'async')) await catchUp(platform.database.db, projection);
    const report = await verifyReplay(platform.database.db, projectionCatalogue);
    expect(report.tables.filter((t) => t.table === 'documents').map((t) => [t.liveRows, t.missingCount, t.extraCount])).toEqual([[2, 0, 0]]);
    expect(report.ok).toBe(true);
  });
});

describe('documents in a private deployment', () => {
  it('are gone: every documents route answers 404 and the menu has no documents or help', async () => {
    const platform = await startPlatform({ worker: false, config: { privateDeployment: true } });
    try {
      const token = await signInAdmin(platform);
      const id = '00000000-0000-4000-8000-000000000000';
      for (const [method, path] of [
        ['GET', '/manage/documents'],
        ['POST', '/manage/documents'],
        ['POST', '/manage/documents/files'],
        ['GET', '/manage/documents/help'],
        ['GET', `/manage/documents/${id}`],
        ['GET', `/manage/documents/${id}/file`],
        ['PUT', `/manage/documents/${id}`],
        ['POST', `/manage/documents/${id}/shelve`],
      ]) {
        const answer = await call(platform, method, path, { token, body: method === 'GET' ? undefined : {} });
        expect(answer.status, `${method} ${path}`).toBe(404);
        expect(answer.body.errCode).toBe('NOT_FOUND');
      }
      const menu = await call(platform, 'GET', '/manage/project/wordlistByRole', { token });
      expect(JSON.stringify(menu.body.data.menu)).not.toContain('/document');
    } finally {
      await platform.stop();
    }
  });
});
