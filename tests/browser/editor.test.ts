// The annotation editor in Chromium with the mouse and the keyboard: a tagger opens an item in hand from its list,
// draws a box, a polygon, a line, a curve and a point, inserts and drags a vertex, copies, pastes, deletes and
// undoes, zooms and fits, is refused on submit for the box's missing category, which the refusal selects, sets it by
// its hotkey and submits; an inspector pins a mark on the box and rejects, the tagger sees the mark on rework, moves
// the box and resubmits, and the inspector passes. An item of 1,000 boxes and 200 polygons opens and pans, and the
// next item is one key away; how fast it opens and pans is measured in bench/editor.bench.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { demoProjectTitle } from '../../scripts/src/seed-demo-project';
import { consoleToken, imageToScreen, landOn, closeContexts, sharedBrowser, openPage, signInThroughConsole } from '../support/browser';
import { startDemo } from '../support/demo';
import { createPerson } from '../support/people';
import { call, eventually, type Platform } from '../support/platform';

const templates = ['polygon', 'line', 'curve', 'point'] as const;

describe('the annotation editor', () => {
  let platform: Platform;
  let browser: Browser;
  let admin: string;
  let projectId: string;
  let boxToolId: string;
  let polygonToolId: string;
  let links: { id: string; type: string; name: string }[];
  /** The item the first test submits, which the inspection test takes up. */
  let submittedId: string;
  let boxId: string;

  beforeAll(async () => {
    browser = await sharedBrowser();
    ({ platform, admin, projectId, toolId: boxToolId } = await startDemo());
    // The demo project draws boxes only; this one gets a tool of every other template beside it.
    const tools = [{ toolId: boxToolId, toolVersion: 1 }];
    for (const templateType of templates) {
      const created = await call(platform, 'POST', '/manage/tools', {
        token: admin,
        body: { name: `Editor ${templateType}`, templateType, attributes: [{ name: 'kind', displayName: 'Kind', exportName: 'kind', type: 'single', options: [{ name: 'a' }, { name: 'b' }] }] },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      tools.push({ toolId: created.body.data.id, toolVersion: 1 });
    }
    polygonToolId = tools[1].toolId;
    const saved = await call(platform, 'PUT', `/manage/projects/${projectId}/tools`, { token: admin, body: { tools } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    links = (await call(platform, 'GET', `/manage/projects/${projectId}`, { token: admin })).body.data.links;
    // Nobody inspects what they annotated: this test's own inspector checks the tagger's work.
    const inspectorId = await createPerson(platform, admin, { role: '40', name: 'Editor Inspector', account: 'editor-inspector@example.com', password: 'Tagger@123' });
    await call(platform, 'PUT', `/manage/projects/${projectId}/links/${links[1].id}/members`, { token: admin, body: { teamIds: [], taggerIds: [inspectorId] } });
    const group = await call(platform, 'POST', '/manage/error-groups', {
      token: admin,
      body: { name: 'Shape fit', description: '', values: [{ name: 'Loose outline', color: '#ff8800', type: 'geometry', description: '' }] },
    });
    expect(group.status, JSON.stringify(group.body)).toBe(200);
    // The project marks with its own group only; the demo's groups stay in the catalog.
    const rules = (await call(platform, 'GET', `/manage/projects/${projectId}`, { token: admin })).body.data.rules;
    const chosen = { annotationRule: rules.annotationRule, countdownSeconds: rules.countdownSeconds, rereadByAnnotator: rules.rereadByAnnotator, dataRule: rules.dataRule, errorGroupIds: [group.body.data.id] };
    expect((await call(platform, 'PUT', `/manage/projects/${projectId}/rules`, { token: admin, body: chosen })).status).toBe(200);
  });
  afterAll(async () => {
    await closeContexts(browser);
    await platform?.stop();
  });

  it('draws every template with the mouse, is refused for a missing attribute, sets it by hotkey and submits', async () => {
    const { page, errors } = await openPage(browser, platform.baseUrl);
    await signInThroughConsole(page, 'User', 'tagger@example.com', 'Demo@2026');
    await landOn(page, '/tag');
    const token = await consoleToken(page);
    const annotation = links.find((l) => l.type === 'annotation')!;
    // The rule was read when the demo work was done; a claim of one fresh item to draw on.
    const claimed = await call(platform, 'POST', `/manage/items/links/${annotation.id}/claims`, { token, body: { count: 1 } });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    const itemId: string = claimed.body.data.items[0];
    const item = (await call(platform, 'GET', `/manage/items/${itemId}`, { token })).body.data;
    // Rework comes back to its annotator first, with the objects it already has.
    const before: number = item.result?.result.objects.length ?? 0;
    const count = (n: number) => (before + n === 1 ? '1 object' : `${before + n} objects`);

    await page.goto(`/tag/datamanage/${projectId}`);
    await page.getByRole('heading', { name: demoProjectTitle }).waitFor();
    await page.getByLabel(annotation.name, { exact: true }).getByRole('row', { name: new RegExp(item.fileName) }).getByRole('link', { name: 'Annotate' }).click();
    await page.waitForURL(`**/tag/edit/${itemId}`);
    await page.locator('[data-editor-ready="true"]').waitFor();
    const at = await imageToScreen(page, { width: item.width, height: item.height });
    const click = async (x: number, y: number) => {
      const p = at(x, y);
      await page.mouse.click(p.x, p.y);
    };
    const objects = page.getByRole('region', { name: 'Objects' });

    // A box by dragging, with the first tool's key.
    await page.keyboard.press('Shift+Digit1');
    const from = at(20, 20);
    const to = at(100, 80);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2);
    await page.mouse.move(to.x, to.y);
    await page.mouse.up();
    await objects.getByText(count(1), { exact: true }).waitFor();

    // A polygon closed on its first point, a line and a curve finished with Enter, and a point.
    await page.keyboard.press('Shift+Digit2');
    await click(150, 30);
    await click(220, 40);
    await click(190, 110);
    await click(150, 30);
    await objects.getByText(count(2), { exact: true }).waitFor();
    await page.keyboard.press('Shift+Digit3');
    await click(30, 150);
    await click(90, 170);
    await click(140, 160);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+Digit4');
    await click(160, 150);
    await click(200, 200);
    await click(250, 150);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Shift+Digit5');
    await click(280, 60);
    await objects.getByText(count(5), { exact: true }).waitFor();

    // Editing: a click selects the polygon, its first edge's midpoint handle inserts a vertex, which is dragged out.
    await page.keyboard.press('v');
    await click(186, 60);
    const middle = at(185, 35);
    await page.mouse.click(middle.x, middle.y);
    // Konva finds handles on a hit canvas it redraws with the next frame; a hand is never faster than that.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const outward = at(185, 12);
    await page.mouse.move(middle.x, middle.y);
    await page.mouse.down();
    await page.mouse.move(middle.x, (middle.y + outward.y) / 2);
    await page.mouse.move(outward.x, outward.y);
    await page.mouse.up();
    // Copy and paste, delete, and undo each step.
    await page.keyboard.press('Control+c');
    await page.keyboard.press('Control+v');
    await objects.getByText(count(6), { exact: true }).waitFor();
    await page.keyboard.press('Delete');
    await objects.getByText(count(5), { exact: true }).waitFor();
    await page.keyboard.press('Control+z');
    await objects.getByText(count(6), { exact: true }).waitFor();
    await page.keyboard.press('Control+z');
    await objects.getByText(count(5), { exact: true }).waitFor();
    // The wheel zooms at the cursor, and F fits the image again.
    const zoom = page.getByLabel('Zoom');
    const fitted = await zoom.innerText();
    await page.mouse.move(at(160, 120).x, at(160, 120).y);
    await page.mouse.wheel(0, -300);
    await expect.poll(() => zoom.innerText()).not.toBe(fitted);
    await page.keyboard.press('f');
    await expect.poll(() => zoom.innerText()).toBe(fitted);
    // Brighter and back: the image alone is filtered.
    await page.keyboard.press('b');
    await expect.poll(() => page.getByLabel('Brightness').inputValue()).toBe('110');
    await page.keyboard.press('Alt+b');
    await expect.poll(() => page.getByLabel('Brightness').inputValue()).toBe('100');

    // Every key is on the sheet "?" opens.
    await page.keyboard.press('Shift+Slash');
    await page.getByRole('dialog', { name: 'Shortcuts' }).getByText('Reject with the marks').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // Releasing the item with work drawn on it asks first; cancelled, the item and its work stay.
    await page.getByRole('button', { name: 'Release', exact: true }).click();
    const release = page.getByRole('alertdialog');
    await release.getByText('Release this item?').waitFor();
    await release.getByRole('button', { name: 'Cancel' }).click();
    await release.waitFor({ state: 'detached' });
    await objects.getByText(count(5), { exact: true }).waitFor();
    expect(page.url()).toContain(`/tag/edit/${itemId}`);

    // The box lacks its required category: the object list warns, and the server refuses the submission.
    await page.keyboard.press('Escape');
    const boxRow = objects.getByRole('listitem', { name: `Demo vehicle box ${before + 1}` });
    await boxRow.getByText('1 issue').waitFor();
    await page.keyboard.press('Control+Enter');
    const refusal = page.getByRole('alert').filter({ hasText: `${before + 1}. Demo vehicle box: Category cannot be empty` });
    await refusal.waitFor();
    // The refusal selected the box, so its option hotkey answers it.
    await page.getByRole('region', { name: 'Attributes' }).getByRole('heading', { name: 'Demo vehicle box' }).waitFor();
    await page.keyboard.press('1');
    await page.getByRole('region', { name: 'Attributes' }).getByRole('radio', { name: /car/ }).and(page.locator('[aria-checked="true"]')).waitFor();
    await expect.poll(() => boxRow.getByText('1 issue').count()).toBe(0);

    await page.keyboard.press('Control+Enter');
    await page.waitForURL((url) => !url.pathname.endsWith(itemId));
    const submitted = await eventually(
      async () => (await call(platform, 'GET', `/manage/items/${itemId}`, { token: admin })).body.data,
      (view) => view.submissionCount > 0,
    );
    const result = submitted.result.result;
    const drawn = result.objects.slice(before);
    expect(drawn.map((o: { keyframes: { shape: { type: string } }[] }) => o.keyframes[0].shape.type)).toEqual(['box', 'polygon', 'line', 'curve', 'point']);
    const box = drawn[0];
    expect(box.attributes).toMatchObject({ category: 'car', occluded: 'no' });
    expect(box.keyframes[0].shape.width).toBeGreaterThan(70);
    expect(drawn[1].keyframes[0].shape.points).toHaveLength(4);
    expect(drawn[1].keyframes[0].shape.points[1].y).toBeLessThan(20);
    expect(drawn[3].keyframes[0].shape.points).toHaveLength(3);
    expect(errors).toEqual([]);
    submittedId = itemId;
    boxId = box.id;
  });

  it('lets an inspector pin a mark on an object and reject; the tagger sees it on rework, fixes and resubmits; the inspector passes', async () => {
    const { page, errors } = await openPage(browser, platform.baseUrl);
    await signInThroughConsole(page, 'User', 'editor-inspector@example.com', 'Tagger@123');
    await landOn(page, '/tag');
    const token = await consoleToken(page);
    await call(platform, 'POST', `/manage/items/projects/${projectId}/rule-readings`, { token });
    // The rule's countdown runs before the first claim; the pool gives the oldest submissions first.
    await eventually(
      () => call(platform, 'POST', `/manage/items/links/${links[1].id}/claims`, { token, body: { count: 100 } }),
      (answer) => answer.status === 200 && (answer.body.data.items as string[]).includes(submittedId),
      30_000,
    );
    await page.goto(`/tag/edit/${submittedId}`);
    await page.locator('[data-editor-ready="true"]').waitFor();
    const item = (await call(platform, 'GET', `/manage/items/${submittedId}`, { token })).body.data;
    const drawn = item.result.result.objects.find((o: { id: string }) => o.id === boxId).keyframes[0].shape;
    const at = await imageToScreen(page, { width: item.width, height: item.height });

    // Before a mark, reject is disabled and says a mark is needed; marks are titled as a past rejection's only after one.
    const rejectedBefore = (await call(platform, 'GET', `/manage/items/${submittedId}/history`, { token: admin })).body.data.some((e: { type: string }) => e.type === 'ItemRejected');
    await page.getByText('Mark an error to reject').waitFor();
    expect(await page.getByRole('button', { name: 'Reject', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Marks of the last rejection' }).count()).toBe(rejectedBefore ? 1 : 0);

    // Mark mode, a click on the box: the mark is pinned to it and to the spot clicked; the project's own group is offered alone.
    await page.keyboard.press('m');
    const spot = at(drawn.x + drawn.width / 2, drawn.y + drawn.height / 2);
    await page.mouse.click(spot.x, spot.y);
    const dialog = page.getByRole('dialog');
    // The groups come with the dialog's own request: the list is read once it has come.
    await expect.poll(() => dialog.getByLabel('Error property group').locator('option').allTextContents(), { timeout: 15_000 }).toEqual(['Shape fit']);
    await dialog.getByLabel('Error property group').selectOption({ label: 'Shape fit' });
    await dialog.getByRole('radio', { name: 'Loose outline' }).click();
    await dialog.getByLabel('Comment').fill('leaves out the mirror');
    await dialog.getByRole('button', { name: 'Add mark' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('region', { name: 'Marks' }).getByText('leaves out the mirror').waitFor();
    await page.getByRole('heading', { name: 'Marks for this rejection' }).waitFor();
    expect(await page.getByText('Mark an error to reject').count()).toBe(0);
    await page.keyboard.press('Alt+j');
    await page.waitForURL((url) => !url.pathname.endsWith(submittedId));
    expect(errors).toEqual([]);

    const history = (await call(platform, 'GET', `/manage/items/${submittedId}/history`, { token: admin })).body.data as { type: string; data: any }[];
    const marks = history.filter((e) => e.type === 'ItemRejected').at(-1)!.data.marks;
    expect(marks).toEqual([expect.objectContaining({ value: 'Loose outline', objectId: boxId, comment: 'leaves out the mirror' })]);
    expect(marks[0].spot.x).toBeCloseTo(drawn.x + drawn.width / 2, 0);

    // The tagger takes the rework back and sees the mark in the list, on the box's row.
    const tagger = await openPage(browser, platform.baseUrl);
    await signInThroughConsole(tagger.page, 'User', 'tagger@example.com', 'Demo@2026');
    await landOn(tagger.page, '/tag');
    const taggerToken = await consoleToken(tagger.page);
    await eventually(
      () => call(platform, 'POST', `/manage/items/links/${links[0].id}/claims`, { token: taggerToken, body: { count: 100 } }),
      (answer) => answer.status === 200 && (answer.body.data.items as string[]).includes(submittedId),
    );
    await tagger.page.goto(`/tag/edit/${submittedId}`);
    await tagger.page.locator('[data-editor-ready="true"]').waitFor();
    await tagger.page.getByRole('region', { name: 'Marks' }).getByText('leaves out the mirror').waitFor();
    await tagger.page.getByRole('region', { name: 'Objects' }).getByText(/\b1 mark$/).waitFor();

    // The tagger moves the box by dragging it and submits again; the inspector takes it back and passes it.
    const onTagger = await imageToScreen(tagger.page, { width: item.width, height: item.height });
    const grip = onTagger(drawn.x + drawn.width / 2, drawn.y + drawn.height / 2);
    await tagger.page.mouse.move(grip.x, grip.y);
    await tagger.page.mouse.down();
    await tagger.page.mouse.move(grip.x + 10, grip.y + 5);
    await tagger.page.mouse.move(grip.x + 20, grip.y + 10);
    await tagger.page.mouse.up();
    await tagger.page.keyboard.press('Control+Enter');
    await tagger.page.waitForURL((url) => !url.pathname.endsWith(submittedId));
    const resubmitted = (await call(platform, 'GET', `/manage/items/${submittedId}`, { token: admin })).body.data;
    expect(resubmitted.result.result.objects.find((o: { id: string }) => o.id === boxId).keyframes[0].shape.x).toBeGreaterThan(drawn.x + 2);
    expect(tagger.errors).toEqual([]);

    await eventually(
      () => call(platform, 'POST', `/manage/items/links/${links[1].id}/claims`, { token, body: { count: 100 } }),
      (answer) => answer.status === 200 && (answer.body.data.items as string[]).includes(submittedId),
    );
    await page.goto(`/tag/edit/${submittedId}`);
    await page.locator('[data-editor-ready="true"]').waitFor();
    await page.keyboard.press('Alt+p');
    await page.waitForURL((url) => !url.pathname.endsWith(submittedId));
    const passed = (await call(platform, 'GET', `/manage/items/${submittedId}/history`, { token: admin })).body.data as { type: string }[];
    expect(passed.at(-1)?.type).toMatch(/ItemPassed|ItemFinished/);
    expect(errors).toEqual([]);
  });

  it('opens an item of 1,000 boxes and 200 polygons of 20 points, pans it, and moves on to the next item', async () => {
    const { page, errors } = await openPage(browser, platform.baseUrl);
    await signInThroughConsole(page, 'User', 'tagger@example.com', 'Demo@2026');
    await landOn(page, '/tag');
    const token = await consoleToken(page);
    // One of the items the tagger holds, whatever it held before: its result is replaced by the large one.
    await call(platform, 'POST', `/manage/items/links/${links[0].id}/claims`, { token, body: { count: 1 } });
    const inHand = (await call(platform, 'GET', `/manage/items/projects/${projectId}?mine=true&status=claimed&limit=100`, { token })).body.data.items as { id: string }[];
    const itemId = inHand.find((i) => i.id !== submittedId)!.id;
    const frame = (shape: unknown) => [{ frame: 0, shape, attributes: {}, outside: false, source: 'drawn' }];
    const boxes = Array.from({ length: 1000 }, (_, i) => ({
      id: `b${i}`,
      toolId: boxToolId,
      toolVersion: 1,
      templateType: 'box',
      attributes: { category: 'car' },
      keyframes: frame({ type: 'box', x: (i * 7) % 280, y: (i * 13) % 200, width: 30, height: 20 }),
    }));
    const polygons = Array.from({ length: 200 }, (_, i) => ({
      id: `p${i}`,
      toolId: polygonToolId,
      toolVersion: 1,
      templateType: 'polygon',
      attributes: {},
      keyframes: frame({
        type: 'polygon',
        points: Array.from({ length: 20 }, (_, k) => ({ x: 40 + ((i * 11) % 240) + 25 * Math.cos((k / 20) * 2 * Math.PI), y: 40 + ((i * 17) % 160) + 25 * Math.sin((k / 20) * 2 * Math.PI) })),
      }),
    }));
    const result = { frameCount: 1, objects: [...boxes, ...polygons], attributes: {} };
    const saved = await call(platform, 'PUT', `/manage/items/${itemId}/result`, { token, body: { result } });
    expect(saved.status, JSON.stringify(saved.body).slice(0, 500)).toBe(200);

    await page.goto(`/tag/edit/${itemId}`);
    await page.locator('[data-editor-ready="true"]').waitFor({ timeout: 30_000 });
    await page.getByRole('region', { name: 'Objects' }).getByText('1200 objects').waitFor();

    // A drag with the middle button moves the picture with the cursor: the stage it is drawn on goes as far as the hand.
    const canvas = page.getByTestId('editor-canvas');
    const stagePosition = () =>
      canvas.evaluate((element) => {
        const { stages } = (window as unknown as { Konva: { stages: { container(): HTMLElement; x(): number; y(): number }[] } }).Konva;
        const stage = stages.find((s) => element.contains(s.container()))!;
        return { x: stage.x(), y: stage.y() };
      });
    const box = (await canvas.boundingBox())!;
    const from = { x: Math.round(box.x) + 200, y: Math.round(box.y) + 200 };
    const before = await stagePosition();
    await page.mouse.move(from.x, from.y);
    await page.mouse.down({ button: 'middle' });
    for (let i = 1; i <= 60; i++) await page.mouse.move(from.x + i * 4, from.y + i * 2);
    await page.mouse.up({ button: 'middle' });
    const after = await stagePosition();
    expect(after.x - before.x).toBeCloseTo(240, 0);
    expect(after.y - before.y).toBeCloseTo(120, 0);

    // The next item of mine is one key away, and opens on its own first frame.
    await page.keyboard.press('PageDown');
    await page.waitForURL((url) => url.pathname.startsWith('/tag/edit/') && !url.pathname.endsWith(itemId));
    await page.locator('[data-editor-ready="true"]').waitFor();
    expect(errors).toEqual([]);
  });
});
