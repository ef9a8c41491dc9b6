// The PM recycles rework images from a CSV of data IDs and file names: all of them in one go, or, when one line is
// wrong, none of them, with each wrong line named in the reader's language.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../scripts/src/seed-demo';
import { call, eventually, type Platform, startPlatform } from '../support/platform';
import { adminAccount, adminPassword, signIn, signInAdmin } from '../support/sign-in';

interface Item {
  id: string;
  fileName: string;
  linkId: string | null;
  status: string;
}

describe('recycle from CSV', () => {
  let platform: Platform;
  let admin: string;
  let projectId: string;
  let items: Item[];

  const upload = async (token: string, csv: string, headers: Record<string, string> = {}) => {
    const form = new FormData();
    form.set('file', new Blob([csv], { type: 'text/csv' }), 'rework.csv');
    form.set('target', 'annotation_pool');
    form.set('keepResult', 'true');
    const response = await fetch(`${platform.baseUrl}/manage/items/projects/${projectId}/recycle-csv`, { method: 'POST', headers: { authorization: `Bearer ${token}`, ...headers }, body: form });
    return { status: response.status, body: (await response.json()) as { message: string; errCode: string | null; data: any } };
  };
  const history = async (itemId: string) => ((await call(platform, 'GET', `/manage/items/${itemId}/history`, { token: admin })).body.data as { type: string }[]).map((e) => e.type);

  beforeAll(async () => {
    platform = await startPlatform();
    await seedDemo(platform.baseUrl, platform.database.url, { account: adminAccount, password: adminPassword }, { otherTypes: false });
    admin = await signInAdmin(platform);
    projectId = (await call(platform, 'GET', '/manage/projects?tab=going', { token: admin })).body.data.items[0].id;
    await eventually(
      async () => (await call(platform, 'GET', `/manage/projects/${projectId}/batches`, { token: admin })).body.data,
      (batches: { importing: unknown; items: number }[]) => batches.length > 0 && batches.every((b) => b.importing === null && b.items > 0),
    );
    items = [];
    for (let cursor: string | null = null; ; ) {
      const page: { items: Item[]; nextCursor: string | null } = (await call(platform, 'GET', `/manage/items/projects/${projectId}?limit=100${cursor ? `&cursor=${cursor}` : ''}`, { token: admin })).body.data;
      items.push(...page.items);
      cursor = page.nextCursor;
      if (!cursor) break;
    }
  });
  afterAll(async () => platform?.stop());

  /** Items in a link that only one item of the project is named after, so a file name names exactly it. */
  const recyclable = () => items.filter((i) => i.linkId && ['waiting', 'claimed', 'finished'].includes(i.status) && items.filter((o) => o.fileName === i.fileName).length === 1);

  it('refuses a CSV with one unknown line, naming the line in both languages, and changes nothing', async () => {
    const [first] = recyclable();
    const before = await history(first.id);
    const csv = `id\n${first.id}\nno-such-image.jpg\n`;

    const en = await upload(admin, csv, { 'x-language': 'en_US' });
    expect(en.status).toBe(400);
    expect(en.body.errCode).toBe('VALIDATION_FAILED');
    expect(en.body.message).toBe('1 line of the CSV cannot be recycled; nothing was changed');
    expect(en.body.data.fields).toEqual([{ field: 'line.3', message: 'Line 3: no data of this project has the ID or file name "no-such-image.jpg"' }]);

    const zh = await upload(admin, csv);
    expect(zh.body.data.fields).toEqual([{ field: 'line.3', message: '第 3 行：本项目中没有数据 ID 或文件名为“no-such-image.jpg”的数据' }]);
    expect(await history(first.id)).toEqual(before);
  });

  it('names a repeated item and a line with two values', async () => {
    const [first] = recyclable();
    const refused = await upload(admin, `${first.fileName}\n${first.id}\na.jpg,b.jpg\n`, { 'x-language': 'en_US' });
    expect(refused.status).toBe(400);
    expect(refused.body.data.fields).toEqual([
      { field: 'line.2', message: `Line 2: "${first.id}" names the same data as line 1` },
      { field: 'line.3', message: 'Line 3: one data ID or file name per line, not "a.jpg,b.jpg"' },
    ]);
  });

  it('recycles every item a CSV names by data ID or by file name, in one go', async () => {
    const [byId, byName] = recyclable();
    const csv = `\uFEFF文件名\r\n${byId.id}\r\n"${byName.fileName}"\r\n`;
    const done = await upload(admin, csv);
    expect(done.status).toBe(200);
    expect(done.body.data).toEqual({ items: 2 });
    for (const item of [byId, byName]) expect((await history(item.id)).at(-1)).toBe('ItemRecycled');
  });

  it('refuses a tagger', async () => {
    const tagger = await signIn(platform, 'tagger@example.com', 'Demo@2026', 1);
    const refused = await upload(tagger, `${items[0].id}\n`);
    expect(refused.status).toBe(403);
    expect(refused.body.errCode).toBe('FORBIDDEN');
  });
});
