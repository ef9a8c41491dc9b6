// An auditor opens an item as it was: the result changed after it was judged, and one click on the judgement shows
// the version the inspector passed, read-only, under a banner in English and in Chinese. It compares that version with
// the later save, opens it read-only in the editor, and takes the project's ledger away to verify it outside.
import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { boxResult } from '../support/demo';
import { inChinese, closeContexts, sharedBrowser, openAsAuditor } from '../support/browser';
import { makeAuditor } from '../support/auditors';
import { finishItems, ok, startWorkedProject, type WorkedProject } from '../support/worked-project';

describe('an item as it was, in the console', () => {
  let project: WorkedProject;
  let browser: Browser;
  let itemId: string;
  const auditor = { account: 'auditor@example.com', password: 'Audit@2026' };

  beforeAll(async () => {
    project = await startWorkedProject({ frames: [1] });
    const { platform, admin, tagger } = project;
    [itemId] = await finishItems(project, 1);
    // After the inspector passed version 1, the PM sends it back keeping it and the tagger moves the box: version 2.
    await ok(platform, 'POST', `/manage/items/${itemId}/recycle`, admin, { target: 'annotation_pool', keepResult: true });
    await ok(platform, 'POST', `/manage/items/links/${project.links.annotation}/claims`, tagger.token, { count: 1 });
    await ok(platform, 'PUT', `/manage/items/${itemId}/result`, tagger.token, { result: boxResult(project.toolId, { x: 30 }) });
    await makeAuditor(platform, admin, [project.projectId], auditor.account, auditor.password);
    browser = await sharedBrowser();
  }, 300_000);
  afterAll(async () => {
    await closeContexts(browser);
    await project?.platform.stop();
  });

  it('lands the auditor on its projects, and opens the version the inspector judged from the judgement', async () => {
    const { platform } = project;
    const { page, errors } = await openAsAuditor(browser, platform, auditor);
    await page.getByRole('link', { name: 'Quality gates' }).first().waitFor();

    await page.goto(`/past/item/${itemId}`);
    const banner = page.getByRole('status').filter({ hasText: 'Read-only' });
    await expect.poll(() => banner.textContent()).toMatch(/This item now, as of event \d+/);
    await expect.poll(() => page.getByText('Version 2, 1 object').isVisible()).toBe(true);

    const judgement = page.getByRole('region', { name: 'Judgements' }).getByRole('row').filter({ hasText: 'Inspection' });
    await judgement.getByRole('button', { name: 'The version judged' }).click();
    await expect.poll(() => banner.textContent()).toMatch(/This item as it was at .+, as of event \d+/);
    await expect.poll(() => page.getByText('Version 1, 1 object').isVisible()).toBe(true);
    expect(page.url()).toContain('version=1');
    expect(await page.getByRole('cell', { name: '(10; 10) 60 × 40' }).isVisible()).toBe(true);
    // Nothing here changes the item.
    expect(await page.getByRole('button', { name: /Recycle|Submit|Save/ }).count()).toBe(0);

    await page.getByRole('button', { name: 'Back to now' }).click();
    await expect.poll(() => page.getByRole('cell', { name: '(30; 10) 60 × 40' }).isVisible()).toBe(true);

    await inChinese(page, `/past/item/${itemId}?version=1`);
    await expect.poll(() => page.getByRole('status').filter({ hasText: '只读' }).textContent()).toMatch(/此数据在 .+ 时的状态/);
    expect(errors).toEqual([]);
  });

  it('compares the version judged with the later save, opens it read-only in the editor, and exports a ledger that verifies', async () => {
    const { platform } = project;
    const { page, errors } = await openAsAuditor(browser, platform, auditor);

    await page.goto(`/past/item/${itemId}?version=1`);
    const laterSave = page.getByRole('region', { name: 'Events' }).getByRole('row').filter({ hasText: 'Result saved' }).filter({ hasText: 'v2' });
    await laterSave.getByRole('button', { name: 'Compare with this' }).click();
    const diff = page.getByRole('region', { name: 'What changed' });
    await expect.poll(() => diff.getByRole('row').filter({ hasText: 'Changed' }).textContent()).toContain('moved');
    expect(await diff.getByText('Changed: 1').isVisible()).toBe(true);
    expect(await diff.getByRole('row').filter({ hasText: 'Annotating Tagger' }).filter({ hasText: 'v2' }).count()).toBe(1);
    // Drawn over the image in the colour of its change.
    expect(await page.getByRole('list', { name: 'Objects drawn' }).getByRole('listitem').first().getAttribute('aria-label')).toMatch(/: Changed$/);
    expect(page.url()).toContain('compare=position');
    await diff.getByRole('button', { name: 'Stop comparing' }).click();
    await expect.poll(() => diff.count()).toBe(0);

    await page.getByRole('link', { name: 'Open in the editor' }).click();
    await page.waitForURL(`**/past/edit/${itemId}?version=1`);
    await expect.poll(() => page.getByText(/Read-only · as of event \d+/).isVisible()).toBe(true);
    await page.locator('canvas').first().waitFor();
    // Nothing in the editor changes the item: no command, no saving, no tool to draw with.
    expect(await page.getByRole('button', { name: /^(Save|Submit|Pass|Reject|Release|Mark invalid)/ }).count()).toBe(0);
    await page.getByRole('button', { name: /Back/ }).click();
    await page.waitForURL(`**/past/item/${itemId}?version=1`);

    await page.goto('/audit');
    const form = page.getByRole('region', { name: 'Export the ledger' });
    // An auditor's choice is its own project; the whole ledger is the staff's.
    await form.getByLabel('Events of').locator('option', { hasText: 'Quality gates' }).waitFor({ state: 'attached' });
    expect(await form.getByLabel('Events of').locator('option').count()).toBe(1);
    const [download] = await Promise.all([page.waitForEvent('download'), form.getByRole('button', { name: 'Download' }).click()]);
    const file = join(await mkdtemp(join(tmpdir(), 'ledger-')), download.suggestedFilename());
    await download.saveAs(file);
    const verdict = await promisify(execFile)(process.execPath, [join(__dirname, '..', '..', 'scripts', 'verify-ledger.mjs'), file]);
    expect(verdict.stdout).toContain(`intact: `);
    expect(verdict.stdout).toContain(`of project ${project.projectId}`);
    expect(errors).toEqual([]);
  });
});
