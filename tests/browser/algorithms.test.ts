// Algorithm calls in the console, with the demo detector behind the model-server contract: the PM registers it and
// switches it on for the project, the admin calls it on the demo batch from the project's page, a tagger opens a
// pre-annotated frame in the editor with the detector's boxes, and once the frames are submitted and inspected the
// analysis compares them with the control group.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { AlgorithmCallItemView, AlgorithmCallView } from '@annot/workflows';
import { type Detector, startDetector } from '../../services/detector/src/detector-server';
import { consoleToken, landOn, closeContexts, sharedBrowser, openPage, signInAdminThroughConsole, signInThroughConsole } from '../support/browser';
import { type Demo, startDemo } from '../support/demo';
import { call, eventually } from '../support/platform';
import { forgetResendLimit, latestCode, signIn } from '../support/sign-in';

describe('algorithm calls in the console', () => {
  let demo: Demo;
  let detector: Detector;
  let browser: Browser;

  beforeAll(async () => {
    browser = await sharedBrowser();
    detector = await startDetector();
    demo = await startDemo();
  }, 180_000);
  afterAll(async () => {
    await closeContexts(browser);
    await demo?.platform.stop();
    await detector?.close();
  });

  it('registers the demo detector, calls it on the demo batch, opens its boxes in the editor and compares them with the control group', async () => {
    const { platform, projectId } = demo;

    // The PM registers the detector, told in place when the address is not one.
    const pm = await openPage(browser, platform.baseUrl);
    await forgetResendLimit(platform);
    await signInThroughConsole(pm.page, 'Internal', 'pm@example.com', 'Demo@2026', () => latestCode(platform, 'pm@example.com'));
    await landOn(pm.page, '/home');
    // Calls are the admin's: the PM's menu has the list and no call entry.
    await pm.page.getByRole('link', { name: 'Algorithm list' }).waitFor();
    expect(await pm.page.getByRole('link', { name: 'Algorithm calls' }).count()).toBe(0);
    await pm.page.getByRole('link', { name: 'Algorithm list' }).click();
    await pm.page.getByRole('button', { name: 'Register algorithm' }).click();
    const form = pm.page.getByRole('form', { name: 'Register algorithm' });
    await form.getByLabel('Interface name').fill('demo-detector');
    await form.getByLabel('Chinese name').fill('演示车辆检测器');
    await form.getByLabel('English name').fill('Demo vehicle detector');
    await form.getByLabel('Endpoint').fill('ftp://detector');
    await form.getByRole('button', { name: 'Register algorithm' }).click();
    await form.getByText('Give the model server’s address as an http or https URL').waitFor();
    await form.getByLabel('Endpoint').fill(`${detector.url}/detect`);
    await form.getByRole('button', { name: 'Register algorithm' }).click();
    const row = pm.page.getByTestId('algorithm-row').filter({ hasText: 'Demo vehicle detector' });
    for (const action of ['Edit', 'New version', 'Switch off']) await row.getByRole('button', { name: action }).waitFor();

    // The PM switches it on for the project; the page offers the PM no call.
    await pm.page.goto(`/project/algorithm/${projectId}`);
    const settings = pm.page.getByRole('form', { name: 'Pre-annotation settings' });
    await settings.getByRole('button', { name: 'Add an algorithm' }).click();
    await settings.getByLabel('Algorithm', { exact: true }).selectOption({ label: 'Demo vehicle detector' });
    await settings.getByRole('button', { name: 'Save' }).click();
    await pm.page.getByText('Saved').first().waitFor();
    await pm.page.getByRole('region', { name: 'Algorithm calls' }).waitFor();
    expect(await pm.page.getByRole('form', { name: 'Call an algorithm' }).count()).toBe(0);
    expect(pm.errors).toEqual([]);

    // The admin calls it on the demo batch from the project's page, half held out; the PM follows the call.
    const admin = await openPage(browser, platform.baseUrl);
    await signInAdminThroughConsole(admin.page, platform);
    await admin.page.goto(`/project/algorithm/${projectId}`);
    const callForm = admin.page.getByRole('form', { name: 'Call an algorithm' });
    await callForm.getByLabel('Batch').selectOption({ label: 'Demo batch 1' });
    await callForm.getByLabel('Algorithm', { exact: true }).selectOption({ label: 'Demo vehicle detector' });
    await callForm.getByLabel('Control group (%)').fill('50');
    await callForm.getByRole('button', { name: 'Call' }).click();
    await admin.page.getByRole('region', { name: 'Algorithm calls' }).getByTestId('algorithm-call').getByText('Finished').waitFor({ timeout: 60_000 });
    expect(admin.errors).toEqual([]);
    await pm.page.reload();
    await pm.page.getByRole('region', { name: 'Algorithm calls' }).getByTestId('algorithm-call').getByText('Finished').waitFor();
    const pmToken = await consoleToken(pm.page);
    const [made] = (await call(platform, 'GET', `/manage/algorithm-calls?projectId=${projectId}`, { token: pmToken })).body.data.items as AlgorithmCallView[];
    expect(made.answered).toBeGreaterThan(0);
    expect(made.answered + made.control).toBe(made.items);
    const answered = (await call(platform, 'GET', `/manage/algorithm-calls/${made.id}/items?outcome=answered&limit=100`, { token: pmToken })).body.data.items as AlgorithmCallItemView[];

    // The tagger takes the rest of the demo batch and opens a pre-annotated frame: the detector's boxes are there.
    const tagger = await openPage(browser, platform.baseUrl);
    await signInThroughConsole(tagger.page, 'User', 'tagger@example.com', 'Demo@2026');
    await landOn(tagger.page, '/tag');
    const taggerToken = await consoleToken(tagger.page);
    const annotation = demo.links.find((l) => l.type === 'annotation')!;
    const claimed: string[] = (await call(platform, 'POST', `/manage/items/links/${annotation.id}/claims`, { token: taggerToken, body: { count: 100 } })).body.data.items;
    const opened = answered.find((a) => claimed.includes(a.itemId))!;
    await tagger.page.goto(`/tag/edit/${opened.itemId}`);
    await tagger.page.locator('[data-editor-ready="true"]').waitFor();
    await tagger.page.getByRole('region', { name: 'Objects' }).getByText(opened.objects === 1 ? '1 object' : `${opened.objects} objects`, { exact: true }).waitFor();
    expect(tagger.errors).toEqual([]);

    // Every claimed frame of the call is submitted as it stands (a held-out one with a box drawn) and passed.
    const held = new Set(((await call(platform, 'GET', `/manage/algorithm-calls/${made.id}/items?outcome=control&limit=100`, { token: pmToken })).body.data.items as AlgorithmCallItemView[]).map((i) => i.itemId));
    const ofCall = claimed.filter((id) => held.has(id) || answered.some((a) => a.itemId === id));
    for (const itemId of ofCall) {
      const item = (await call(platform, 'GET', `/manage/items/${itemId}`, { token: taggerToken })).body.data;
      const drawn = { frameCount: 1, objects: [{ id: 'car-1', toolId: demo.toolId, toolVersion: 1, templateType: 'box', attributes: { category: 'car' }, keyframes: [{ frame: 0, shape: { type: 'box', x: 10, y: 150, width: 40, height: 20 }, attributes: {} }] }], attributes: {} };
      expect((await call(platform, 'PUT', `/manage/items/${itemId}/result`, { token: taggerToken, body: { result: item.result?.result ?? drawn } })).status).toBe(200);
      expect((await call(platform, 'POST', `/manage/items/${itemId}/submit`, { token: taggerToken })).status).toBe(200);
    }
    const inspector = await signIn(platform, 'inspector@example.com', 'Demo@2026', 1);
    const inspection = demo.links.find((l) => l.type === 'inspection')!;
    const toJudge: string[] = (await call(platform, 'POST', `/manage/items/links/${inspection.id}/claims`, { token: inspector, body: { count: 100 } })).body.data.items;
    for (const itemId of toJudge.filter((id) => ofCall.includes(id))) expect((await call(platform, 'POST', `/manage/items/${itemId}/pass`, { token: inspector })).status).toBe(200);

    // The analysis page compares the pre-annotated frames with the held-out ones.
    await eventually(
      () => call(platform, 'GET', `/manage/algorithms/${made.algorithmId}/analysis`, { token: pmToken }).then((r) => r.body.data.versions[0]?.answered.inspected ?? 0),
      (inspected) => inspected > 0,
      30_000,
    );
    await pm.page.goto(`/algorithm/analysis/${made.algorithmId}`);
    const effect = pm.page.getByRole('table', { name: 'Effect against the control group' });
    const submittedRow = effect.getByRole('row', { name: /Items submitted/ });
    await submittedRow.waitFor();
    const cells = await submittedRow.getByRole('cell').allTextContents();
    expect(Number(cells[0]) + Number(cells[1])).toBe(ofCall.length);
    await effect.getByRole('row', { name: /Kept per item/ }).getByText(/^[1-9]/).first().waitFor();
    await pm.page.getByRole('figure', { name: 'Seconds per item, claim to submission' }).waitFor();
    expect(pm.errors).toEqual([]);
  }, 240_000);
});
