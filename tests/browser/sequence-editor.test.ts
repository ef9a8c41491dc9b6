// The editor on a sequence in Chromium: a folder of 30 generated frames imported into a continuous-frame project is
// one item; a tagger draws a box on frame 0, moves it on frame 20 (a keyframe there), finds the blended box on frame
// 10 where the one interpolation puts it, plays and pauses, sets a frame attribute on frame 5, sends the object outside from frame 25
// and submits; an inspector rejects with a mark made on frame 12, and the tagger, on rework, sees the mark pinned to
// frame 12 and goes there from it, moves the box there and submits again; once the inspector passes it, the item
// exported as OpenLABEL and imported into a new batch of the same frames gives the same track with the same id and
// keyframes. The track keeps its id through every save, export and import. Over a slow network, a held next-frame key
// moves the canvas to the newest frame decoded on the way, and the editor says which frame is on screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { type ExportView, frameAttributesAt, type ResultDocument, shapeAt } from '@annot/workflows';
import { seedDemoCatalog } from '../../scripts/src/seed-demo-catalog';
import { sampleFrames, sampleZip } from '../../scripts/src/sample-images';
import { importAnnotations } from '../support/annotation-imports';
import { upload } from '../support/batches';
import { consoleToken, imageToScreen, landOn, closeContexts, sharedBrowser, openPage, signInThroughConsole } from '../support/browser';
import { call, eventually, type Platform, startPlatform } from '../support/platform';
import { adminAccount, adminPassword, forgetResendLimit, latestCode, signInAdmin } from '../support/sign-in';
import { ok, person, type Person, projectBasics, publishProject } from '../support/worked-project';

const width = 320;
const height = 240;

describe('the sequence editor', () => {
  let platform: Platform;
  let browser: Browser;
  let admin: string;
  let tagger: Person;
  let inspector: Person;
  let links: { annotation: string; inspection: string };
  let projectId: string;
  let batchId: string;
  let itemId: string;
  let trackId: string;
  /** The inspector's console session, which the last step passes the item with. */
  let inspectorToken: string;

  beforeAll(async () => {
    browser = await sharedBrowser();
    platform = await startPlatform();
    admin = await signInAdmin(platform);
    const catalog = await seedDemoCatalog(async (method, path, body, token) => (await call(platform, method, path, { body, token })).body, admin);
    const tool = await ok<{ id: string }>(platform, 'POST', '/manage/tools', admin, {
      name: 'Car',
      templateType: 'box',
      attributes: [{ name: 'occluded', displayName: 'Occluded', exportName: 'occluded', type: 'single', frameAttribute: true, options: [{ name: 'no' }, { name: 'yes' }] }],
    });
    await ok(platform, 'POST', '/manage/error-groups', admin, { name: 'Shape fit', description: '', values: [{ name: 'Loose outline', color: '#ff8800', type: 'geometry', description: '' }] });
    tagger = await person(platform, admin, '40', 'Sequence Tagger');
    inspector = await person(platform, admin, '40', 'Sequence Inspector');

    const basics = { ...projectBasics({ inspectorMayModify: false, repairAfterAcceptance: false, reacceptPassed: false }), title: 'Drive sequences', annotationType: 'picture_continuous_frame' };
    ({ projectId, links } = await publishProject(platform, admin, { basics, tools: { tools: [{ toolId: tool.id, toolVersion: 1 }] }, ruleId: catalog.ruleId, taggers: [tagger], inspectors: [inspector] }));

    // One folder of 30 frames in the zip: one item of 30 frames.
    const batch = await ok<{ id: string }>(platform, 'POST', `/manage/projects/${projectId}/batches`, admin, { name: 'Drive 1', priority: 10, uploadType: 'zip' });
    const uploaded = await upload(platform, admin, batch.id, [{ name: 'drive.zip', content: await sampleZip(sampleFrames(30, width, height)) }]);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    await eventually(
      () => ok<{ importing: unknown; items: number }>(platform, 'GET', `/manage/batches/${batch.id}`, admin),
      (b) => b.importing === null && b.items === 1,
      60_000,
    );
    batchId = batch.id;
    const items = await ok<{ items: { id: string; frameCount: number }[] }>(platform, 'GET', `/manage/items/projects/${projectId}?batchId=${batch.id}&limit=10`, admin);
    expect(items.items.map((i) => i.frameCount)).toEqual([30]);
    itemId = items.items[0].id;
  });
  afterAll(async () => {
    await closeContexts(browser);
    await platform?.stop();
  });

  /**
   * Signs a person in on their own tab (which ends their earlier session), claims the item from a link's pool with
   * that session, and opens it in the editor.
   */
  async function openEditor(who: 'Sequence Tagger' | 'Sequence Inspector', linkId: string) {
    const { page, errors } = await openPage(browser, platform.baseUrl);
    await signInThroughConsole(page, 'User', `${who.toLowerCase().replace(/\W+/g, '-')}@example.com`, 'Person@123');
    await landOn(page, '/tag');
    const token = await consoleToken(page);
    await eventually(
      () => call(platform, 'POST', `/manage/items/links/${linkId}/claims`, { token, body: { count: 10 } }),
      (answer) => answer.status === 200 && (answer.body.data.items as string[]).includes(itemId),
      30_000,
    );
    await page.goto(`/tag/edit/${itemId}`);
    await page.locator('[data-editor-ready="true"]').waitFor();
    return { page, errors, token, at: await imageToScreen(page, { width, height }) };
  }

  const position = (page: Page) => page.getByTestId('frame-position');
  async function goTo(page: Page, frame: number) {
    const input = page.getByRole('spinbutton', { name: 'Frame', exact: true });
    await input.fill(String(frame));
    await input.blur();
    await position(page).filter({ hasText: `${frame} / 29` }).waitFor();
  }
  async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2);
    await page.mouse.move(to.x, to.y);
    await page.mouse.up();
  }

  it('annotates a track with two keyframes, sees it blended between them, sets a frame attribute, sends it outside and submits', async () => {
    const { page, errors, at } = await openEditor('Sequence Tagger', links.annotation);
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await position(page).filter({ hasText: '0 / 29' }).waitFor();

    // A box on frame 0: x 40..120.
    await page.keyboard.press('Shift+Digit1');
    await drag(page, at(40, 40), at(120, 100));
    const row = timeline.getByRole('row');
    await expect.poll(() => row.count()).toBe(1);
    await page.keyboard.press('v');

    // Frame by frame with the keys, then to frame 20, where the box is dragged 100 pixels right: a keyframe there.
    await page.keyboard.press('.');
    await page.keyboard.press('.');
    await position(page).filter({ hasText: '2 / 29' }).waitFor();
    await page.keyboard.press(',');
    await position(page).filter({ hasText: '1 / 29' }).waitFor();
    await goTo(page, 20);
    await drag(page, at(80, 70), at(180, 70));
    await expect.poll(() => row.first().locator('[data-keyframe]').evaluateAll((marks) => marks.map((m) => m.getAttribute('data-keyframe')))).toEqual(['0', '20']);

    // Frame 10 shows the blended box (x 90..170): a click where only it can be picks the track, on an interpolated frame.
    await goTo(page, 10);
    await page.keyboard.press('Escape');
    await page.mouse.click(at(160, 70).x, at(160, 70).y);
    await page.getByRole('region', { name: 'Attributes' }).getByRole('heading', { name: 'Car' }).waitFor();
    await page.getByTestId('keyframe-state').filter({ hasText: 'Interpolated' }).waitFor();
    // Back to frame 0 with the keyframe key: the same spot is empty there.
    await page.keyboard.press('Control+,');
    await position(page).filter({ hasText: '0 / 29' }).waitFor();
    await page.keyboard.press('Escape');
    await page.mouse.click(at(160, 70).x, at(160, 70).y);
    await page.getByRole('region', { name: 'Attributes' }).waitFor({ state: 'detached' });

    // Play at the sequence's rate (ten frames a second: a folder of images gives none), and pause where it got to.
    await page.keyboard.press('p');
    await page.getByRole('button', { name: 'Pause' }).waitFor();
    const frameShown = async () => Number((await position(page).innerText()).split(' / ')[0]);
    await expect.poll(frameShown, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
    await page.keyboard.press('p');
    await page.getByRole('button', { name: 'Play' }).waitFor();
    const paused = await frameShown();
    // A player still running would move on at its next tick once the next frame is on hand: wait until that frame
    // has been fetched ahead and the page's own clock has run three ticks at the playback rate, then look again.
    await page.waitForFunction((frame) => performance.getEntriesByType('resource').some((entry) => entry.name.includes(`/frames/${frame}/media`)), paused + 1);
    await page.evaluate(
      (tickMs) =>
        new Promise<void>((resolve) => {
          let ticks = 0;
          const clock = setInterval(() => ++ticks === 3 && (clearInterval(clock), resolve()), tickMs);
        }),
      1000 / 10,
    );
    expect(await frameShown()).toBe(paused);
    await page.locator(`[data-frame="${paused}"]`).waitFor();

    // A frame attribute on frame 5, carried to the frames after it.
    await goTo(page, 5);
    await page.mouse.click(at(100, 70).x, at(100, 70).y);
    const attributes = page.getByRole('region', { name: 'Attributes' });
    await attributes.getByRole('radio', { name: 'yes' }).click();
    await attributes.getByRole('radio', { name: 'yes' }).and(page.locator('[aria-checked="true"]')).waitFor();
    await goTo(page, 8);
    await attributes.getByRole('radio', { name: 'yes' }).and(page.locator('[aria-checked="true"]')).waitFor();

    // Outside from frame 25 on, by its key.
    await goTo(page, 25);
    await page.keyboard.press('o');
    await row.first().locator('[data-outside="25-29"]').waitFor();
    await page.getByTestId('keyframe-state').filter({ hasText: 'Outside from this frame' }).waitFor();

    await page.keyboard.press('Control+Enter');
    await page.waitForURL((url) => !url.pathname.endsWith(itemId));
    const submitted = await eventually(
      async () => ok(platform, 'GET', `/manage/items/${itemId}`, admin),
      (view) => view.submissionCount > 0,
    );
    const result = submitted.result.result;
    expect(result.frameCount).toBe(30);
    expect(result.objects).toHaveLength(1);
    const [track] = result.objects;
    expect(track.keyframes.map((k: { frame: number; source: string; outside: boolean }) => [k.frame, k.source, k.outside])).toEqual([
      [0, 'drawn', false],
      [5, 'interpolated', false],
      [20, 'drawn', false],
      [24, 'interpolated', false],
      [25, 'drawn', true],
    ]);
    expect(track.keyframes[1].attributes).toEqual({ occluded: 'yes' });
    expect(track.keyframes[0].shape.x).toBeCloseTo(40, -0.5);
    expect(track.keyframes[2].shape.x - track.keyframes[0].shape.x).toBeCloseTo(100, -0.5);
    expect(errors).toEqual([]);
    trackId = track.id;
  });

  it('lets the inspector reject with a mark on frame 12, which the tagger finds pinned to that frame on rework and fixes there', async () => {
    const judge = await openEditor('Sequence Inspector', links.inspection);
    await goTo(judge.page, 12);
    // On frame 12 the box is at x 100..180.
    await judge.page.keyboard.press('m');
    await judge.page.mouse.click(judge.at(140, 70).x, judge.at(140, 70).y);
    const dialog = judge.page.getByRole('dialog');
    await dialog.getByLabel('Error property group').selectOption({ label: 'Shape fit' });
    await dialog.getByRole('radio', { name: 'Loose outline' }).click();
    await dialog.getByLabel('Comment').fill('lags behind the car');
    await dialog.getByRole('button', { name: 'Add mark' }).click();
    await dialog.waitFor({ state: 'detached' });
    await judge.page.getByRole('region', { name: 'Marks' }).getByText('frame 12').waitFor();
    await judge.page.keyboard.press('Alt+j');
    await judge.page.waitForURL((url) => !url.pathname.endsWith(itemId));
    const history = await ok<{ type: string; data: any }[]>(platform, 'GET', `/manage/items/${itemId}/history`, admin);
    const marks = history.filter((e) => e.type === 'ItemRejected').at(-1)!.data.marks;
    expect(marks).toEqual([expect.objectContaining({ value: 'Loose outline', objectId: trackId, frame: 12, comment: 'lags behind the car' })]);
    expect(judge.errors).toEqual([]);
    inspectorToken = judge.token;

    const { page, errors, at } = await openEditor('Sequence Tagger', links.annotation);
    const mark = page.getByRole('region', { name: 'Marks' }).getByRole('button', { name: /frame 12/ });
    await mark.click();
    await position(page).filter({ hasText: '12 / 29' }).waitFor();
    await page.getByRole('region', { name: 'Attributes' }).getByRole('heading', { name: 'Car' }).waitFor();
    // The track is the same one, with the id it was saved with.
    const view = await ok(platform, 'GET', `/manage/items/${itemId}`, admin);
    expect(view.result.result.objects.map((o: { id: string }) => o.id)).toEqual([trackId]);

    // The fix: the box moved 8 pixels right on frame 12, a keyframe there, and the item submitted again.
    await drag(page, at(140, 70), at(148, 70));
    const timeline = page.getByRole('region', { name: 'Timeline' });
    await timeline.getByRole('row').first().locator('[data-keyframe="12"]').waitFor();
    await page.keyboard.press('Control+Enter');
    await page.waitForURL((url) => !url.pathname.endsWith(itemId));
    const fixed = await eventually(
      async () => ok(platform, 'GET', `/manage/items/${itemId}`, admin),
      (item) => item.submissionCount > 1,
    );
    expect(fixed.result.result.objects[0].keyframes.map((k: { frame: number }) => k.frame)).toContain(12);
    expect(errors).toEqual([]);
  });

  it('exports the passed item as OpenLABEL, and a new batch of the same frames imports the same track with the same keyframes', async () => {
    expect((await ok<{ items: string[] }>(platform, 'POST', `/manage/items/links/${links.inspection}/claims`, inspectorToken, { count: 1 })).items).toEqual([itemId]);
    expect((await ok<{ status: string }>(platform, 'POST', `/manage/items/${itemId}/pass`, inspectorToken)).status).toBe('finished');
    const saved = (await ok<{ result: { result: ResultDocument } }>(platform, 'GET', `/manage/items/${itemId}`, admin)).result.result;

    const asked = await ok<{ exportId: string }>(platform, 'POST', `/manage/projects/${projectId}/exports`, admin, { format: 'openlabel', scope: { batchIds: [batchId], gate: 'inspected', effectiveness: 'all' } });
    const record = await eventually(
      async () => ok<ExportView>(platform, 'GET', `/manage/exports/${asked.exportId}`, admin),
      (r) => r.status === 'succeeded' || r.status === 'failed',
      60_000,
    );
    expect(record).toMatchObject({ status: 'succeeded', items: 1 });
    const archive = await (await fetch(`${platform.baseUrl}/manage/exports/${record.exportId}/download`, { headers: { authorization: `Bearer ${admin}` } })).arrayBuffer();

    const relabel = await ok<{ id: string }>(platform, 'POST', `/manage/projects/${projectId}/batches`, admin, { name: 'Drive 1 again', priority: 1, uploadType: 'zip' });
    expect((await upload(platform, admin, relabel.id, [{ name: 'drive.zip', content: await sampleZip(sampleFrames(30, width, height)) }])).status).toBe(200);
    await eventually(() => ok<{ importing: unknown; items: number }>(platform, 'GET', `/manage/batches/${relabel.id}`, admin), (b) => b.importing === null && b.items === 1, 60_000);
    const answer = await importAnnotations({ platform, admin }, relabel.id, 'openlabel', { name: 'openlabel.zip', content: Buffer.from(archive) });
    expect(answer, JSON.stringify(answer)).toMatchObject({ status: 'finished', items: 1, objects: 1, refusals: [] });

    const [copy] = (await ok<{ items: { id: string }[] }>(platform, 'GET', `/manage/items/projects/${projectId}?batchId=${relabel.id}&limit=10`, admin)).items;
    const result = (await ok<{ result: { result: ResultDocument } }>(platform, 'GET', `/manage/items/${copy.id}`, admin)).result.result;
    expect(result.objects.map((o) => o.id)).toEqual([trackId]);
    const [original, back] = [saved.objects[0], result.objects[0]];
    // The same keyframes, outside from the same frame, but for the one on frame 24 that only holds frame 20's box
    // until the track goes outside: the exported frames need no keyframe there.
    expect(original.keyframes.map((k) => [k.frame, k.outside])).toEqual([[0, false], [5, false], [12, false], [20, false], [24, false], [25, true]]);
    expect(back.keyframes.map((k) => [k.frame, k.outside])).toEqual([[0, false], [5, false], [12, false], [20, false], [25, true]]);
    // And at every frame the same box and the same frame values.
    for (let frame = 0; frame < 30; frame++) {
      const [a, b] = [shapeAt(back, frame), shapeAt(original, frame)];
      expect(a === null, `frame ${frame}`).toBe(b === null);
      if (a?.type === 'box' && b?.type === 'box') for (const side of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(a[side] - b[side]), `frame ${frame} ${side}`).toBeLessThan(0.01);
      expect(frameAttributesAt(back, frame), `frame ${frame}`).toEqual(frameAttributesAt(original, frame));
    }
  });
  it('skips to the newest frame decoded while a held key outruns the decoding, and says which frame is on screen', async () => {
    const { page, errors } = await openPage(browser, platform.baseUrl);
    await forgetResendLimit(platform);
    await signInThroughConsole(page, 'Internal', adminAccount, adminPassword, () => latestCode(platform, adminAccount));
    await landOn(page, '/home');
    await page.goto(`/project/edit/${itemId}`);
    await page.locator('[data-editor-ready="true"]').waitFor();
    await page.locator('[data-frame="0"]').waitFor();
    // A slow network: each frame's image comes later the further along it is, as frames the key passed would.
    const frameMedia = /\/frames\/\d+\/media/;
    await page.route(frameMedia, async (route) => {
      const frame = Number(/\/frames\/(\d+)\/media/.exec(route.request().url())?.[1] ?? 0);
      await new Promise((resolve) => setTimeout(resolve, frame * 150));
      await route.continue().catch(() => undefined);
    });
    for (let i = 0; i < 15; i++) await page.keyboard.press('.');
    await position(page).filter({ hasText: '15 / 29' }).waitFor();
    // Before frame 15 arrives, a frame the key passed is on screen, and the editor says which.
    const onScreen = page.getByTestId('frame-on-screen');
    await onScreen.waitFor();
    const shown = Number(await page.locator('[data-frame]').getAttribute('data-frame'));
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(15);
    await expect.poll(() => onScreen.innerText()).toMatch(/^Frame \d+ on screen while frame 15 is loading$/);
    // Then the chosen frame itself, and nothing more to say.
    await page.locator('[data-frame="15"]').waitFor({ timeout: 15_000 });
    await onScreen.waitFor({ state: 'detached' });
    await page.unroute(frameMedia);
    expect(errors).toEqual([]);
  });
});
