// An auditor reads a project as it was: chooses a moment (by what happened then, or by event), finds its export with
// the ledger entry to check it at, pages its items as they stood then by link and status, opens one at that same
// moment, reads the statistics as of it, and reads the management log of its project.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { ExportView, PastItemsPage, ProjectPastView } from '@annot/workflows';
import { boxResult } from '../support/demo';
import { closeContexts, sharedBrowser, openAsAuditor } from '../support/browser';
import { makeAuditor } from '../support/auditors';
import { eventually } from '../support/eventually';
import { finishItems, ok, startWorkedProject, type WorkedProject } from '../support/worked-project';

describe('a project as it was, in the console', () => {
  let project: WorkedProject;
  let browser: Browser;
  let finished: string;
  let then: string;
  let files: Map<string, string>;
  /** Where a COCO export read the project, after `then` and before the tagger's claim. */
  let exportRead: string;
  let ledgerEntry: string;
  const auditor = { account: 'auditor@example.com', password: 'Audit@2026' };

  beforeAll(async () => {
    project = await startWorkedProject({ frames: [2] });
    const { platform, admin, tagger } = project;
    [finished] = await finishItems(project, 1);
    then = (await ok<ProjectPastView>(platform, 'GET', `/manage/past/projects/${project.projectId}/counts`, admin)).moment.position!;
    const listed = await ok<PastItemsPage>(platform, 'GET', `/manage/past/projects/${project.projectId}/items?position=${then}`, admin);
    files = new Map(listed.items.map((i) => [i.itemId, i.fileName]));
    const { exportId } = await ok<{ exportId: string }>(platform, 'POST', `/manage/projects/${project.projectId}/exports`, admin, { format: 'coco' });
    // Once the ledger has chained its start, the record names its entry.
    const record = (await eventually(
      async () => (await ok<{ items: ExportView[] }>(platform, 'GET', `/manage/projects/${project.projectId}/exports`, admin)).items.find((r) => r.exportId === exportId),
      (r) => r?.status === 'succeeded' && r.ledgerSeq !== null,
      60_000,
    ))!;
    exportRead = record.startedPosition!;
    ledgerEntry = record.ledgerSeq!;
    // After that moment the tagger takes the other item and saves a box.
    const [other] = (await ok<{ items: string[] }>(platform, 'POST', `/manage/items/links/${project.links.annotation}/claims`, tagger.token, { count: 1 })).items;
    await ok(platform, 'PUT', `/manage/items/${other}/result`, tagger.token, { result: boxResult(project.toolId) });
    await makeAuditor(platform, admin, [project.projectId], auditor.account, auditor.password);
    browser = await sharedBrowser();
  }, 300_000);
  afterAll(async () => {
    await closeContexts(browser);
    await project?.platform.stop();
  });

  it('pages the items as they stood then, opens one at that moment, and reads the statistics and the log of then', async () => {
    const { platform } = project;
    const { page, errors } = await openAsAuditor(browser, platform, auditor);

    await page.goto(`/past/project/${project.projectId}`);
    // The export is one of the moments to choose by what happened then: as of it, the other item still waited.
    const landmark = page.getByLabel('As of an acceptance, sampling round or export');
    await expect.poll(() => landmark.getByRole('option').allTextContents()).toEqual(['Choose…', expect.stringMatching(/^COCO export read · /)]);
    await landmark.selectOption({ index: 1 });
    const banner = page.getByRole('status').filter({ hasText: 'Read-only' });
    await expect.poll(() => banner.textContent()).toContain(`This project as it was at #${exportRead}.`);

    // Its record is on the page too, with the ledger entry to check it at and the archive to download.
    const records = page.getByRole('region', { name: 'Export records' });
    await expect.poll(() => records.getByTestId('export-record').textContent()).toContain(`Ledger entry ${ledgerEntry}`);
    expect(await records.getByRole('button', { name: 'Download' }).isVisible()).toBe(true);

    await page.getByLabel('As of event N').fill(then);
    await page.getByRole('button', { name: 'Show' }).nth(1).click();
    await expect.poll(() => banner.textContent()).toContain(`This project as it was at #${then}.`);

    const items = page.getByRole('region', { name: 'Items as they stood then' });
    const other = [...files.keys()].find((id) => id !== finished)!;
    // Then, the other item still waited in the annotation pool, unworked; now it is claimed with a box.
    await expect.poll(() => items.getByRole('row').filter({ hasText: files.get(other)! }).textContent()).toMatch(/Waiting in a pool.*0/);
    await items.getByLabel('Status').selectOption({ label: 'Claimed' });
    await expect.poll(() => items.getByRole('cell', { name: 'No data' }).isVisible()).toBe(true);
    await items.getByLabel('Status').selectOption({ label: 'Every status' });
    await items.getByRole('tab', { name: /Inspection/ }).click();
    const row = items.getByRole('row').filter({ hasText: files.get(finished)! });
    await expect.poll(() => row.textContent()).toContain('Finished');

    await row.getByRole('link').click();
    await page.waitForURL(new RegExp(`/past/item/${finished}\\?position=${then}$`));
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Read-only' }).textContent()).toMatch(/This item as it was at .+, as of event \d+/);
    await expect.poll(() => page.getByText('Version 1, 1 object').isVisible()).toBe(true);

    await page.goBack();
    await page.getByRole('link', { name: 'Statistics as of this moment' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Read-only' }).textContent()).toContain(`This project's statistics as they were at #${then}.`);
    expect(await page.getByRole('alert').count()).toBe(0);
    const tagger = page.getByRole('row').filter({ hasText: 'Annotating Tagger' });
    // The figures are made from the log when asked: on a busy machine that takes a few seconds.
    await expect.poll(() => tagger.count(), { timeout: 30_000 }).toBeGreaterThan(0);

    // The log's project is found by searching the titles the auditor may see.
    const { title } = await ok<{ title: string }>(platform, 'GET', `/manage/projects/${project.projectId}`, project.admin);
    await page.goto('/log/index');
    await page.getByRole('searchbox', { name: 'Project' }).fill(title);
    await page.getByRole('option', { name: title }).click();
    await expect.poll(() => page.getByRole('row').count()).toBeGreaterThan(2);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
