// An auditor compares two moments of a project in the console: chooses the first on the project's past page, compares
// it with a second, finds the item the tagger drew on in between with who drew it, and opens that item's own diff.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { PastItemsPage, ProjectPastView } from '@annot/workflows';
import { boxResult } from '../support/demo';
import { closeContexts, sharedBrowser, openAsAuditor } from '../support/browser';
import { makeAuditor } from '../support/auditors';
import { finishItems, ok, startWorkedProject, type WorkedProject } from '../support/worked-project';

describe('a project between two moments, in the console', () => {
  let project: WorkedProject;
  let browser: Browser;
  let then: string;
  let later: string;
  let other: string;
  let fileName: string;
  const auditor = { account: 'diff-auditor@example.com', password: 'Audit@2026' };

  beforeAll(async () => {
    project = await startWorkedProject({ frames: [2] });
    const { platform, admin, tagger } = project;
    const [finished] = await finishItems(project, 1);
    then = (await ok<ProjectPastView>(platform, 'GET', `/manage/past/projects/${project.projectId}/counts`, admin)).moment.position!;
    // After that moment the tagger takes the other item and draws a box on it.
    [other] = (await ok<{ items: string[] }>(platform, 'POST', `/manage/items/links/${project.links.annotation}/claims`, tagger.token, { count: 1 })).items;
    expect(other).not.toBe(finished);
    await ok(platform, 'PUT', `/manage/items/${other}/result`, tagger.token, { result: boxResult(project.toolId) });
    later = (await ok<ProjectPastView>(platform, 'GET', `/manage/past/projects/${project.projectId}/counts`, admin)).moment.position!;
    const listed = await ok<PastItemsPage>(platform, 'GET', `/manage/past/projects/${project.projectId}/items?position=${later}`, admin);
    fileName = listed.items.find((i) => i.itemId === other)!.fileName;
    await makeAuditor(platform, admin, [project.projectId], auditor.account, auditor.password);
    browser = await sharedBrowser();
  }, 300_000);
  afterAll(async () => {
    await closeContexts(browser);
    await project?.platform.stop();
  });

  it('lists what changed between the two moments and opens the changed item between the same two', async () => {
    const { platform } = project;
    const { page, errors } = await openAsAuditor(browser, platform, auditor);

    await page.goto(`/past/project/${project.projectId}`);
    const shown = page.getByRole('region', { name: 'Choose a moment' });
    await shown.getByLabel('As of event N').fill(then);
    await shown.getByRole('button', { name: 'Show' }).nth(1).click();
    await page.getByRole('button', { name: 'Compare with another moment' }).click();
    const compared = page.getByRole('region', { name: 'Compare with' });
    await compared.getByLabel('As of event N').fill(later);
    await compared.getByRole('button', { name: 'Show' }).nth(1).click();
    await page.waitForURL(new RegExp(`position=${then}.*compare=position%3A${later}`));

    const diff = page.getByRole('region', { name: 'What changed in the project' });
    await expect.poll(() => diff.textContent()).toContain(`From Event ${then} to Event ${later}`);
    const row = diff.getByRole('row').filter({ hasText: fileName });
    // Waiting in the pool with nothing drawn, then claimed with one box added, by the tagger.
    await expect.poll(() => row.textContent()).toMatch(/Waiting in a pool · v0.*Claimed · v1.*Added 1.*Annotating Tagger/);
    expect(await diff.getByRole('row').count()).toBe(2);
    // Over the project: one box of the demo tool's class where there was none (a box with no class name reads '-').
    const perClass = diff.getByRole('definition').filter({ hasText: '→' });
    expect([await diff.getByRole('term').filter({ hasText: 'Objects per class' }).count(), await perClass.allTextContents()]).toEqual([1, ['-: 0 → 1']]);
    await diff.getByLabel('Changed by').selectOption({ label: 'Inspecting Tagger' });
    await expect.poll(() => diff.getByRole('cell', { name: 'No data' }).isVisible()).toBe(true);
    await diff.getByLabel('Changed by').selectOption({ label: 'Annotating Tagger' });

    await diff.getByRole('link', { name: fileName }).click();
    await page.waitForURL(new RegExp(`/past/item/${other}\\?position=${then}&compare=position%3A${later}$`));
    const itemDiff = page.getByRole('region', { name: 'What changed' });
    await expect.poll(() => itemDiff.textContent()).toContain('Added');
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(errors).toEqual([]);
    // Sign-in, two moments, a filter and a second page: more steps than the browser tests' usual minute allows.
  }, 180_000);
});
