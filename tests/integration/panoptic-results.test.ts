// Panoptic results over the API: masks of one frame that share a pixel, or do not fit the image, are refused in the
// caller's language, naming the object; regions that share nothing are saved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeMask } from '@annot/workflows';
import { startDemo } from '../support/demo';
import { call, type Platform } from '../support/platform';
import { signIn } from '../support/sign-in';

describe('panoptic results', () => {
  let platform: Platform;
  let tagger: string;
  let itemId: string;
  let size: { width: number; height: number };
  const toolIds: string[] = [];

  beforeAll(async () => {
    let admin: string;
    let projectId: string;
    let links: { id: string; type: string }[];
    let boxToolId: string;
    ({ platform, admin, projectId, links, toolId: boxToolId } = await startDemo());
    for (const [name, countable] of [['car', true], ['road', false]] as const) {
      toolIds.push((await call(platform, 'POST', '/manage/tools', { token: admin, body: { name, templateType: 'mask', countable } })).body.data.id);
    }
    const tools = [boxToolId, ...toolIds].map((toolId) => ({ toolId, toolVersion: 1 }));
    expect((await call(platform, 'PUT', `/manage/projects/${projectId}/tools`, { token: admin, body: { tools } })).status).toBe(200);
    tagger = await signIn(platform, 'tagger@example.com', 'Demo@2026', 1);
    const claimed = await call(platform, 'POST', `/manage/items/links/${links[0].id}/claims`, { token: tagger, body: { count: 1 } });
    itemId = claimed.body.data.items[0];
    const item = (await call(platform, 'GET', `/manage/items/${itemId}`, { token: tagger })).body.data;
    size = { width: item.width, height: item.height };
  });
  afterAll(async () => platform?.stop());

  const region = (id: string, tool: number, painted: (offset: number) => boolean, width = size.width) => ({
    id,
    toolId: toolIds[tool],
    toolVersion: 1,
    templateType: 'mask',
    attributes: {},
    keyframes: [{ frame: 0, shape: encodeMask(width, size.height, painted), attributes: {}, outside: false, source: 'drawn' }],
  });
  const save = (objects: unknown[], language: string) =>
    call(platform, 'PUT', `/manage/items/${itemId}/result`, { token: tagger, body: { result: { frameCount: 1, objects, attributes: {} } }, headers: { 'x-language': language } });

  it('refuses masks of one frame that share a pixel, in either language', async () => {
    const half = size.width * Math.floor(size.height / 2);
    const overlapping = [region('car-1', 0, (o) => o < half + 10), region('road-1', 1, (o) => o >= half)];
    const en = await save(overlapping, 'en_US');
    expect(en.status).toBe(400);
    expect(en.body.data.fields).toEqual([{ field: 'road-1', message: 'On frame 0 this mask paints pixels that the mask car-1 holds; masks of a frame never overlap' }]);
    const zh = await save(overlapping, 'zh_CN');
    expect(zh.body.data.fields).toEqual([{ field: 'road-1', message: '第 0 帧中此掩膜与掩膜 car-1 有重叠像素；同一帧的掩膜不能重叠' }]);
  });
  it('refuses a mask of another size than the image', async () => {
    const refused = await save([region('car-1', 0, (o) => o < 5, size.width - 1)], 'en_US');
    expect(refused.status).toBe(400);
    expect(refused.body.data.fields).toEqual([{ field: 'car-1', message: `The mask must cover the image (${size.width}×${size.height})` }]);
  });
  it('saves regions that share no pixel', async () => {
    const half = size.width * Math.floor(size.height / 2);
    const saved = await save([region('car-1', 0, (o) => o < half), region('road-1', 1, (o) => o >= half)], 'en_US');
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });
});
