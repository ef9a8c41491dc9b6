// The items list's filters in the console: the PM filters a link's items by claimer and by batch, the address keeps
// the filters so the list opens filtered from a link, and the demo supplier reads only its team's items.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { sampleFrames, sampleZip } from '../../scripts/src/sample-images';
import { landOn, closeContexts, sharedBrowser, openPage, signInAdminThroughConsole, signInThroughConsole } from '../support/browser';
import { startDemo } from '../support/demo';
import { createPerson } from '../support/people';
import { call, eventually, type Platform } from '../support/platform';
import { signIn } from '../support/sign-in';

interface ListedItem {
  id: string;
  fileName: string;
  claimerId: string | null;
}

/** The file names in the list's rows, waiting until they are the ones expected. */
async function rowsShow(items: Locator, fileNames: string[]): Promise<void> {
  const table = items.getByRole('tabpanel').getByRole('table');
  const names = async () =>
    (
      await table.getByRole('row').evaluateAll((rows) => {
        // The table is drawn once the first page has come; until then there is nothing to read.
        if (rows.length === 0) return [];
        const column = Array.from(rows[0].children).findIndex((cell) => cell.textContent === 'File name');
        // A row without that cell is the list's note (no data, or why it could not be read): its text says which.
        return rows.slice(1).map((row) => row.children[column]?.textContent ?? row.textContent ?? '');
      })
    ).sort();
  await eventually(names, (shown) => JSON.stringify(shown) === JSON.stringify([...fileNames].sort()), 15_000);
}

describe('item filters in the console', () => {
  let platform: Platform;
  let browser: Browser;
  let admin: string;
  let projectId: string;
  let links: { id: string; type: string; name: string }[];
  let lonersItems: ListedItem[];
  const secondNames = sampleFrames(4).map((f) => f.name.replace('frames/', 'second/'));

  beforeAll(async () => {
    browser = await sharedBrowser();
    ({ platform, admin, projectId, links } = await startDemo());
    // A tagger of no team claims two items of the annotation link.
    const lonerId = await createPerson(platform, admin, { role: '40', name: 'Lone Tagger', account: 'loner@example.com', password: 'Tagger@123' });
    const detail = (await call(platform, 'GET', `/manage/projects/${projectId}`, { token: admin })).body.data;
    const members = detail.links[0].members;
    await call(platform, 'PUT', `/manage/projects/${projectId}/links/${links[0].id}/members`, { token: admin, body: { teamIds: members.teamIds, taggerIds: [...members.taggerIds, lonerId] } });
    const rules = detail.rules;
    await call(platform, 'PUT', `/manage/projects/${projectId}/rules`, { token: admin, body: { annotationRule: rules.annotationRule, countdownSeconds: 1, rereadByAnnotator: rules.rereadByAnnotator, dataRule: rules.dataRule, errorGroupIds: rules.errorGroupIds } });
    const loner = await signIn(platform, 'loner@example.com', 'Tagger@123', 1);
    await call(platform, 'POST', `/manage/items/projects/${projectId}/rule-readings`, { token: loner });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await call(platform, 'POST', `/manage/items/links/${links[0].id}/claims`, { token: loner, body: { count: 2 } })).status).toBe(200);
    lonersItems = (await call(platform, 'GET', `/manage/items/projects/${projectId}?claimerId=${lonerId}`, { token: admin })).body.data.items;
    expect(lonersItems).toHaveLength(2);

    // A second batch of four frames, named apart from the demo's.
    const batch = await call(platform, 'POST', `/manage/projects/${projectId}/batches`, { token: admin, body: { name: 'Second batch', priority: 1, uploadType: 'zip' } });
    const zip = await sampleZip(sampleFrames(4).map((f, i) => ({ ...f, name: secondNames[i] })));
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'second.zip');
    expect((await fetch(`${platform.baseUrl}/manage/batches/${batch.body.data.id}/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${admin}` } })).status).toBe(200);
    await eventually(
      async () => (await call(platform, 'GET', `/manage/projects/${projectId}/batches`, { token: admin })).body.data,
      (batches: { name: string; importing: unknown; items: number }[]) => batches.some((b) => b.name === 'Second batch') && batches.every((b) => b.importing === null && b.items > 0),
      60_000,
    );
    // The batch's items reach the annotation link's list once the work loop has pooled them.
    await eventually(
      async () => (await call(platform, 'GET', `/manage/items/projects/${projectId}?linkId=${links[0].id}&batchId=${batch.body.data.id}`, { token: admin })).body.data.items,
      (items: ListedItem[]) => items.length === secondNames.length,
      60_000,
    );
  }, 180_000);
  afterAll(async () => {
    await closeContexts(browser);
    await platform?.stop();
  });

  it('lets the PM filter by claimer and by batch, and a link to the filtered list opens it filtered', async () => {
    const pm = await openPage(browser, platform.baseUrl);
    await signInAdminThroughConsole(pm.page, platform);
    await pm.page.goto(`/project/datamanage/${projectId}`);
    const items = pm.page.getByRole('region', { name: 'Items' });
    const filters = items.getByRole('group', { name: 'Filters' });

    await filters.getByLabel('Claimed by').selectOption({ label: 'Lone Tagger' });
    await rowsShow(items, lonersItems.map((i) => i.fileName));
    expect(pm.page.url()).toContain(`claimer=${lonersItems[0].claimerId}`);

    await filters.getByRole('button', { name: 'Clear filters' }).click();
    await filters.getByLabel('Batch').selectOption({ label: 'Second batch' });
    await rowsShow(items, secondNames);

    // The address holds the filters: opened afresh, the list is the same and the select says why.
    const filtered = pm.page.url();
    expect(filtered).toMatch(/[?&]batch=/);
    const again = await pm.page.context().newPage();
    await again.goto(filtered);
    const reopened = again.getByRole('region', { name: 'Items' });
    await rowsShow(reopened, secondNames);
    expect(await reopened.getByRole('group', { name: 'Filters' }).getByLabel('Batch').evaluate((select) => (select as HTMLSelectElement).selectedOptions[0]?.textContent)).toBe('Second batch');
    expect(pm.errors).toEqual([]);
  });

  it("shows the demo supplier its team's items, none of the lone tagger's, and its share's progress", async () => {
    const supplier = await openPage(browser, platform.baseUrl);
    await signInThroughConsole(supplier.page, 'Team', 'supplier@example.com', 'Demo@2026');
    await landOn(supplier.page, '/supplier');
    await supplier.page.goto(`/supplier/datamanage/${projectId}`);
    const token = await supplier.page.evaluate(() => localStorage.getItem('token') ?? '');
    const ours = (await call(platform, 'GET', `/manage/items/projects/${projectId}?limit=100&linkId=${links[0].id}`, { token })).body.data.items as ListedItem[];
    expect(ours.length).toBeGreaterThan(0);
    const items = supplier.page.getByRole('region', { name: 'Items' });
    await rowsShow(items, ours.map((i) => i.fileName));
    for (const item of lonersItems) expect(await items.getByRole('cell', { name: item.fileName, exact: true }).count()).toBe(0);
    await supplier.page.getByRole('progressbar', { name: `Progress of ${links[0].name}` }).waitFor();
    expect(await items.getByRole('button', { name: 'Recycle', exact: true }).count()).toBe(0);
    expect(supplier.errors).toEqual([]);
  });
});
