// Annotation rules over the API: sanitized rich text, PDFs checked by content and size, versions, citations, and a PDF
// rule shown to those who must read it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { call, startPlatform, type Platform } from '../support/platform';
import { signInAdmin } from '../support/sign-in';
import { person, projectBasics, publishProject } from '../support/worked-project';
import { demoToolStep, seedDemoCatalog } from '../../scripts/src/seed-demo-catalog';

const en = { 'x-language': 'en_US' };
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe('annotation rules', () => {
  let platform: Platform;
  let token: string;
  let ruleId: string;
  const upload = (content: Buffer, name: string, headers: Record<string, string> = {}, rule = ruleId) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(content)]), name);
    form.append('note', 'scan');
    return fetch(`${platform.baseUrl}/manage/annotation-rules/${rule}/versions/pdf`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}`, ...headers } }).then(
      async (r) => ({ status: r.status, body: (await r.json()) as any }),
    );
  };

  beforeAll(async () => {
    platform = await startPlatform({ worker: false });
    token = await signInAdmin(platform);
    ruleId = (await call(platform, 'POST', '/manage/annotation-rules', { token, body: { name: 'Lane lines', configId: 'CFG-1' } })).body.data.id;
  });
  afterAll(async () => platform.stop());

  it('stores rich text without scripts or handlers', async () => {
    const html = '<h2>Boxes</h2><p onclick="steal()">Draw <strong>tight</strong> boxes<script>alert(1)</script></p><img src="javascript:alert(1)">';
    expect((await call(platform, 'POST', `/manage/annotation-rules/${ruleId}/versions`, { token, body: { html, note: 'first' } })).status).toBe(200);
    const rule = await call(platform, 'GET', `/manage/annotation-rules/${ruleId}`, { token });
    expect(rule.body.data.versions[0]).toMatchObject({ ruleVersion: 1, kind: 'richtext', html: '<h2>Boxes</h2><p>Draw <strong>tight</strong> boxes</p><img />', note: 'first' });
    const empty = await call(platform, 'POST', `/manage/annotation-rules/${ruleId}/versions`, { token, body: { html: '<script>x</script>' }, headers: en });
    expect(empty.body.data.fields).toEqual([{ field: 'html', message: 'The rule content cannot be empty' }]);
  });

  it('takes a PDF checked by its content, refuses other files and files of 10 MB or more', async () => {
    const ok = await upload(pdf, 'rules.pdf');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const fake = await upload(Buffer.from('hello, not a pdf'), 'rules.pdf', en);
    expect(fake.body).toMatchObject({ code: 400, data: { fields: [{ field: 'file', message: 'The rule file must be a PDF' }] } });
    const large = await upload(Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024)]), 'large.pdf', en);
    expect(large).toMatchObject({ status: 413, body: { code: 413, errCode: 'TOO_LARGE' } });
    const rule = await call(platform, 'GET', `/manage/annotation-rules/${ruleId}`, { token });
    expect(rule.body.data.versions.map((v: { ruleVersion: number; kind: string }) => `${v.ruleVersion}:${v.kind}`)).toEqual(['2:pdf', '1:richtext']);
    const preview = await fetch(`${platform.baseUrl}/manage/annotation-rules/files/${rule.body.data.versions[0].fileId}`, { headers: { authorization: `Bearer ${token}` } });
    expect(preview.headers.get('content-type')).toContain('application/pdf');
    expect(Buffer.from(await preview.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('shows which projects cite which version, and refuses to delete a cited rule', async () => {
    await sql`INSERT INTO annotation_rule_citations (rule_id, rule_version, project_id) VALUES (${ruleId}, 1, '11111111-1111-4111-8111-111111111111')`.execute(platform.database.db);
    const rule = await call(platform, 'GET', `/manage/annotation-rules/${ruleId}`, { token });
    expect(rule.body.data.versions.map((v: { citedBy: string[] }) => v.citedBy)).toEqual([[], ['11111111-1111-4111-8111-111111111111']]);
    const refused = await call(platform, 'POST', `/manage/annotation-rules/${ruleId}/delete`, { token, headers: en });
    expect(refused.body).toMatchObject({ code: 409, errCode: 'RULE_IN_USE', message: 'This annotation rule is cited by a project and cannot be deleted' });
    const kept = await call(platform, 'GET', `/manage/annotation-rules/${ruleId}`, { token });
    expect(kept.body.data.versions.map((v: { ruleVersion: number }) => v.ruleVersion)).toEqual([2, 1]);
  });

  it('needs a name and a config ID, and keeps names unique', async () => {
    const empty = await call(platform, 'POST', '/manage/annotation-rules', { token, body: { name: '', configId: '' } });
    expect(empty.body.data.fields).toEqual([
      { field: 'name', message: '标注规则名称不能为空' },
      { field: 'configId', message: '配置ID不能为空' },
    ]);
    const again = await call(platform, 'POST', '/manage/annotation-rules', { token, body: { name: 'LANE LINES', configId: 'x' }, headers: en });
    expect(again.body.data.fields).toEqual([{ field: 'name', message: 'Annotation rule name already exists' }]);
  });

  it('shows a PDF rule to the taggers who must read it before their first claim, and to nobody else', async () => {
    const catalog = await seedDemoCatalog(async (method, path, body, as) => (await call(platform, method, path, { body, token: as })).body, token);
    const scannedId = (await call(platform, 'POST', '/manage/annotation-rules', { token, body: { name: 'Scanned rule', configId: 'CFG-2' } })).body.data.id;
    expect((await upload(pdf, 'scanned rule.pdf', {}, scannedId)).status).toBe(200);
    const tagger = await person(platform, token, '40', 'Reading Tagger');
    const inspector = await person(platform, token, '40', 'Reading Inspector');
    const outsider = await person(platform, token, '40', 'Outside Tagger');
    const client = await person(platform, token, '50', 'Rule Client');
    const { projectId } = await publishProject(platform, token, {
      basics: projectBasics({ inspectorMayModify: false, repairAfterAcceptance: false, reacceptPassed: false }),
      tools: demoToolStep(catalog),
      ruleId: scannedId,
      taggers: [tagger],
      inspectors: [inspector],
    });
    const ruleFile = (as: string) => fetch(`${platform.baseUrl}/manage/items/projects/${projectId}/rule-readings/file`, { headers: { authorization: `Bearer ${as}` } });

    for (const reader of [tagger, inspector]) {
      const reading = await call(platform, 'GET', `/manage/items/projects/${projectId}/rule-readings`, { token: reader.token });
      expect(reading.body.data).toMatchObject({ required: true, ruleId: scannedId, ruleVersion: 1, name: 'Scanned rule', html: null, fileName: 'scanned rule.pdf' });
      const file = await ruleFile(reader.token);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toContain('application/pdf');
      expect(file.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    }
    // A tagger on no link of the project does not learn it exists; a client is no reader of rules; the staff read the
    // rule's file through the catalog, which stays theirs.
    const refusal = async (answer: Response) => ({ status: answer.status, errCode: ((await answer.json()) as { errCode: string }).errCode });
    expect(await refusal(await ruleFile(outsider.token))).toEqual({ status: 404, errCode: 'NOT_FOUND' });
    expect(await refusal(await ruleFile(client.token))).toEqual({ status: 403, errCode: 'FORBIDDEN' });
    expect(await refusal(await ruleFile(token))).toEqual({ status: 403, errCode: 'FORBIDDEN' });
    const { fileId } = (await call(platform, 'GET', `/manage/annotation-rules/${scannedId}`, { token })).body.data.versions[0];
    const byId = (as: string) => fetch(`${platform.baseUrl}/manage/annotation-rules/files/${fileId}`, { headers: { authorization: `Bearer ${as}` } });
    expect(await refusal(await byId(tagger.token))).toEqual({ status: 403, errCode: 'FORBIDDEN' });
    expect((await byId(token)).status).toBe(200);
  });
});
