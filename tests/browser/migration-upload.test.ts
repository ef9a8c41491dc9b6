// Moving in from CVAT and Label Studio in Chromium: the PM uploads a zipped CVAT export and a zipped Label Studio
// export, each with its images, through the annotation import form into an empty batch, and sees the pictures as
// items with their objects in the editor.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { png, zipOf } from '../support/batches';
import { landOn, closeContexts, sharedBrowser, openPage, signInThroughConsole } from '../support/browser';
import { startDemo } from '../support/demo';
import { call, eventually, type Platform } from '../support/platform';
import { forgetResendLimit, latestCode } from '../support/sign-in';

/** A fixture with its pictures named as PNGs, which the test draws for the editor to show. */
const fixture = (...path: string[]) => Buffer.from(readFileSync(join(__dirname, '..', 'fixtures', ...path), 'utf8').replaceAll('.jpg', '.png'));
const choice = (name: string, options: string[]) => ({ name, displayName: name, exportName: name, type: 'single', options: options.map((o) => ({ name: o })) });
/** The classes both exports draw, as the project's tools. */
const tools = [
  { name: 'car', templateType: 'box', attributes: [choice('color', ['red', 'blue']), choice('occluded', ['0', '1'])] },
  { name: 'road', templateType: 'polygon' },
  { name: 'lane', templateType: 'line' },
  { name: 'sign', templateType: 'point' },
  { name: 'stain', templateType: 'mask' },
];

describe('moving in with one upload', () => {
  let platform: Platform;
  let browser: Browser;
  let admin: string;
  let projectId: string;

  beforeAll(async () => {
    browser = await sharedBrowser();
    let boxToolId: string;
    ({ platform, admin, projectId, toolId: boxToolId } = await startDemo());
    const cited = [{ toolId: boxToolId, toolVersion: 1 }];
    for (const tool of tools) {
      const created = await call(platform, 'POST', '/manage/tools', { token: admin, body: tool });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      cited.push({ toolId: created.body.data.id, toolVersion: 1 });
    }
    const saved = await call(platform, 'PUT', `/manage/projects/${projectId}/tools`, { token: admin, body: { tools: cited } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // The demo is seeded once per run, by whichever file asks first.
  }, 600_000);
  afterAll(async () => {
    await closeContexts(browser);
    await platform?.stop();
  });

  /** An empty batch of the demo project, its items once its import is done. */
  const emptyBatch = async (name: string) => (await call(platform, 'POST', `/manage/projects/${projectId}/batches`, { token: admin, body: { name, priority: 10, uploadType: 'zip' } })).body.data.id as string;
  const itemsOf = (batchId: string) =>
    eventually(
      async () => {
        const batch = (await call(platform, 'GET', `/manage/batches/${batchId}`, { token: admin })).body.data;
        const items = (await call(platform, 'GET', `/manage/batches/${batchId}/items?limit=10`, { token: admin })).body.data.items as { id: string; fileName: string }[];
        return batch.importing === null ? items : [];
      },
      (items) => items.length === 3,
      60_000,
    );

  async function upload(page: Page, batch: string, format: string, file: { name: string; buffer: Buffer }) {
    await page.goto(`/project/exportData/${projectId}`);
    const form = page.getByRole('form', { name: 'Import annotations' });
    await form.getByLabel('Batch').selectOption({ label: batch });
    await form.getByLabel('Format').selectOption({ label: format });
    await form.getByLabel(/Annotation file/).setInputFiles({ ...file, mimeType: 'application/zip' });
    await form.getByRole('button', { name: 'Import' }).click();
    await form.getByRole('status').getByText(/pictures are being imported into the batch/).waitFor();
  }

  async function objectsInEditor(page: Page, itemId: string, count: string) {
    await page.goto(`/project/edit/${itemId}`);
    await page.locator('[data-editor-ready="true"]').waitFor();
    await page.getByRole('region', { name: 'Objects' }).getByText(count, { exact: true }).waitFor();
  }

  it('uploads a CVAT and a Label Studio export with their images and finds the objects in the editor', async () => {
    const cvat = await emptyBatch('CVAT export');
    const labelStudio = await emptyBatch('Label Studio export');
    const { page, errors } = await openPage(browser, platform.baseUrl);
    await forgetResendLimit(platform);
    await signInThroughConsole(page, 'Internal', 'pm@example.com', 'Demo@2026', () => latestCode(platform, 'pm@example.com'));
    await landOn(page, '/home');

    const cvatZip = await zipOf([{ name: 'annotations.xml', content: fixture('cvat', 'images', 'annotations.xml') }, ...['a.png', 'b.png', 'c.png'].map((name, i) => ({ name: `images/${name}`, content: png(200, 100, 31 + i) }))]);
    await upload(page, 'CVAT export', 'CVAT for images 1.1', { name: 'cvat-task.zip', buffer: cvatZip });
    const cvatItems = await itemsOf(cvat);
    await objectsInEditor(page, cvatItems.find((item) => item.fileName === 'images/a.png')!.id, '3 objects');

    const lsZip = await zipOf([
      { name: 'project-export.json', content: fixture('label-studio', 'project-export.json') },
      { name: 'upload/3/6f1a2b3c-a.png', content: png(200, 100, 41) },
      { name: 'b.png', content: png(200, 100, 42) },
      { name: 'upload/3/0a1b2c3d-c.png', content: png(200, 100, 43) },
    ]);
    await upload(page, 'Label Studio export', 'Label Studio JSON', { name: 'label-studio.zip', buffer: lsZip });
    const lsItems = await itemsOf(labelStudio);
    await objectsInEditor(page, lsItems.find((item) => item.fileName === 'upload/3/6f1a2b3c-a.png')!.id, '5 objects');
    expect(errors).toEqual([]);
  }, 240_000);
});
