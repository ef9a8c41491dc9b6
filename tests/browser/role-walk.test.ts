// Each role signs in to the console and walks every entry of its menu: no 404, no refused list, no action the server would refuse.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { seedProject } from '../support/batches';
import { landOn, closeContexts, sharedBrowser, openPage, signInAdminThroughConsole, signInThroughConsole } from '../support/browser';
import { call, startPlatform, type Platform } from '../support/platform';
import { createPerson } from '../support/people';
import { forgetResendLimit, latestCode, signInAdmin } from '../support/sign-in';

/** What the server refused while the console showed one screen: every such call is a screen that should not have asked. */
interface Refusal {
  url: string;
  status: number;
}

/** The buttons and links of the project lifecycle and of editing, which only admins and PMs may use. */
const managersOnly = ['New project', 'Publish', 'Pause', 'Resume', 'Complete', 'Close', 'Reopen', 'Clone', 'Edit', 'Members', 'Link configuration', 'New batch', 'Add person', 'Add team', 'New tool', 'Disable'];

/** Texts a screen shows when the server refused it or found nothing, and the console's 404 page. */
const refusalTexts = [/^404$/, /Not allowed/, /not allowed to see this list/, /^Not found/, /Could not load/];

/**
 * The console's calls to the server, each noted with the screen that asked, so a refusal counts against that screen
 * even when it is answered after the next screen has opened. The events stream stays open and is left out.
 */
interface Calls {
  /** Calls asked from now on are this screen's. */
  open(screen: string): void;
  /** The screen's refused calls (403, 404) so far. */
  refusedOn(screen: string): Refusal[];
  /** Resolves once the screen's calls have all been answered and a frame drawn after them asked for no more. */
  finished(screen: string): Promise<void>;
}

function watchCalls(page: Page): Calls {
  let current = '';
  const askedBy = new Map<Request, string>();
  const pending = new Map<string, Set<Request>>();
  const refused = new Map<string, Refusal[]>();
  const done = (request: Request) => pending.get(askedBy.get(request) ?? '')?.delete(request);
  // Every request a screen makes counts until answered, its lazily loaded code included: until that has come, the
  // previous screen can still be the one drawn. Only the API's answers count as refusals.
  const api = (url: string) => /^\/(manage|api)\//.test(new URL(url).pathname);
  // The events stream and the shared worker that holds it outlive any one screen (the worker's script never reports
  // its end to the page).
  const outlivesScreens = (request: Request) => request.resourceType() === 'eventsource' || /\/events-hub\.worker-[^/]*\.js$/.test(request.url());
  page.on('request', (request) => {
    if (outlivesScreens(request)) return;
    askedBy.set(request, current);
    if (!pending.has(current)) pending.set(current, new Set());
    pending.get(current)!.add(request);
  });
  page.on('response', (response) => {
    const screen = askedBy.get(response.request());
    if (screen === undefined || !api(response.url()) || ![403, 404].includes(response.status())) return;
    if (!refused.has(screen)) refused.set(screen, []);
    refused.get(screen)!.push({ url: new URL(response.url()).pathname, status: response.status() });
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    open: (screen) => void (current = screen),
    refusedOn: (screen) => [...(refused.get(screen) ?? [])],
    async finished(screen) {
      const main = page.getByRole('main');
      for (;;) {
        await expect.poll(() => pending.get(screen)?.size ?? 0, { timeout: 30_000 }).toBe(0);
        // Two frames after the last answer: what they rendered may have asked for more, or still be loading.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        if ((pending.get(screen)?.size ?? 0) === 0 && (await main.locator('.animate-pulse').count()) === 0) return;
      }
    },
  };
}

async function visibleTexts(page: Page): Promise<string[]> {
  const main = page.getByRole('main');
  const texts = [...(await main.getByRole('button').allInnerTexts()), ...(await main.getByRole('link').allInnerTexts())];
  return texts.map((text) => text.trim());
}

interface Walk {
  entries: string[];
  /** Per menu path: the refusals seen, the refusal texts shown, and the action buttons and links offered. */
  screens: Record<string, { refused: Refusal[]; shown: string[]; actions: string[] }>;
}

/**
 * Clicks through every leaf of the side menu like a person would, noting what each screen shows and, once every
 * screen's calls have been answered, what the server refused each.
 */
async function walkMenu(page: Page, calls: Calls): Promise<Walk> {
  const menu = page.getByRole('navigation', { name: 'Side menu' });
  await menu.getByRole('link').first().waitFor();
  const entries = await menu.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  const screens: Walk['screens'] = {};
  for (const path of entries) {
    calls.open(path);
    await menu.locator(`a[href="${path}"]`).click();
    await page.waitForURL(`**${path}`);
    await calls.finished(path);
    const main = page.getByRole('main');
    const lines = (await main.innerText()).split('\n').map((line) => line.trim());
    screens[path] = { refused: [], shown: lines.filter((line) => refusalTexts.some((pattern) => pattern.test(line))), actions: await visibleTexts(page) };
  }
  for (const path of entries) {
    await calls.finished(path);
    screens[path].refused = calls.refusedOn(path);
  }
  return { entries, screens };
}

function expectCleanWalk(walk: Walk): void {
  for (const [path, screen] of Object.entries(walk.screens)) {
    expect({ path, refused: screen.refused, shown: screen.shown }).toEqual({ path, refused: [], shown: [] });
  }
}

const offered = (walk: Walk, names: string[]) => Object.values(walk.screens).flatMap((screen) => screen.actions.filter((action) => names.includes(action)));

describe('the console as each role', () => {
  let platform: Platform;
  let browser: Browser;
  let ownTaggerName: string;
  beforeAll(async () => {
    platform = await startPlatform({ worker: false });
    browser = await sharedBrowser();
    const admin = await signInAdmin(platform);
    const team = await call(platform, 'POST', '/manage/teams', { token: admin, body: { name: 'Walkers', organisationId: 'WALK-1', hiveId: '101', size: 5, mobile: '13900000001' } });
    expect(team.status, JSON.stringify(team.body)).toBe(200);
    const teamId = team.body.data.id;
    const other = await call(platform, 'POST', '/manage/teams', { token: admin, body: { name: 'Strangers', organisationId: 'WALK-2', hiveId: '102', size: 5, mobile: '13900000002' } });
    await createPerson(platform, admin, { role: '10', name: 'Walking PM', account: 'walk-pm@example.com', email: 'walk-pm@example.com', password: 'Manage@123' });
    await createPerson(platform, admin, { role: '30', name: 'Walking supplier', account: 'walk-supplier', password: 'Supply@123', teamId });
    ownTaggerName = 'Own walker';
    await createPerson(platform, admin, { role: '40', name: ownTaggerName, account: 'walk-tagger', password: 'Tagger@123', teamId });
    await createPerson(platform, admin, { role: '40', name: 'Stranger tagger', account: 'stranger-tagger', password: 'Tagger@123', teamId: other.body.data.id });
    await createPerson(platform, admin, { role: '50', name: 'Walking client', account: 'walk-client', password: 'Client@123' });
    await seedProject(platform);
  });
  afterAll(async () => {
    await closeContexts(browser);
    await platform?.stop();
  });

  it('walks the admin menu: every screen draws, the system card shows', async () => {
    const { page, errors } = await openPage(browser, platform.baseUrl);
    const calls = watchCalls(page);
    await signInAdminThroughConsole(page, platform);
    await page.getByText('System status').waitFor();
    const walk = await walkMenu(page, calls);
    expectCleanWalk(walk);
    expect(walk.entries).toEqual(expect.arrayContaining(['/home', '/project/going', '/personnel/pm', '/toolConfig', '/log/index', '/mailbox', '/algorithm/list', '/algorithm/call']));
    expect(walk.screens['/algorithm/call'].actions).toContain('Call');
    expect(errors).toEqual([]);
  });

  it('walks the PM menu: every screen draws, no system card, the draft offers what a PM may do', async () => {
    const { page, errors } = await openPage(browser, platform.baseUrl);
    const calls = watchCalls(page);
    await forgetResendLimit(platform);
    await signInThroughConsole(page, 'Internal', 'walk-pm@example.com', 'Manage@123', () => latestCode(platform, 'walk-pm@example.com'));
    await landOn(page, '/home');
    const walk = await walkMenu(page, calls);
    expectCleanWalk(walk);
    expect(walk.entries).not.toContain('/personnel/pm');
    // Algorithms are the PM's to keep; calls are the admin's.
    expect(walk.entries).toContain('/algorithm/list');
    expect(walk.entries).not.toContain('/algorithm/call');
    expect(walk.screens['/algorithm/list'].actions).toContain('Register algorithm');
    // The overview offers a PM nothing to change: its only buttons choose the dashboard's granularity.
    expect(walk.screens['/home'].actions).toEqual(['Day', 'Week', 'Month', 'Quarter', 'Year']);
    expect(await page.getByText('System status').count()).toBe(0);
    expect(walk.screens['/project/release'].actions).toEqual(expect.arrayContaining(['New project', 'Lane lines', 'Members', 'Close', 'Clone']));
    for (const path of ['/project/datamanage/xyz', '/project/people/1', '/project/new/1']) {
      await page.goto(path);
      await page.getByText('Not found', { exact: true }).waitFor();
    }
    expect(errors).toEqual([]);
  });

  it('walks the tagger menu and is offered no project action; a PM screen says not allowed', async () => {
    const { page, errors } = await openPage(browser, platform.baseUrl);
    const calls = watchCalls(page);
    await signInThroughConsole(page, 'User', 'walk-tagger', 'Tagger@123');
    await landOn(page, '/tag');
    const walk = await walkMenu(page, calls);
    expectCleanWalk(walk);
    expect(walk.entries).toEqual(['/tag/index', '/tag/going', '/tag/notice']);
    expect(offered(walk, managersOnly)).toEqual([]);

    calls.open('/project/going');
    await page.goto('/project/going');
    await page.getByText('Not allowed').waitFor();
    // Nothing to act on, only the way home.
    expect(await visibleTexts(page)).toEqual(['Back to the start']);
    await calls.finished('/project/going');
    expect(calls.refusedOn('/project/going')).toEqual([]);
    await page.goto('/home');
    await page.getByText('Welcome, Own walker').waitFor();
    expect(await page.getByText('System status').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('walks the supplier menu; its taggers page lists its own team only, and a malformed project id is not found', async () => {
    const { page, errors } = await openPage(browser, platform.baseUrl);
    const calls = watchCalls(page);
    await signInThroughConsole(page, 'Team', 'walk-supplier', 'Supply@123');
    await landOn(page, '/supplier');
    const walk = await walkMenu(page, calls);
    expectCleanWalk(walk);
    expect(walk.entries).toEqual(['/supplier/index']);
    expect(offered(walk, managersOnly)).toEqual([]);

    calls.open('/supplier/tagger');
    await page.goto('/supplier/tagger');
    await page.getByRole('row', { name: new RegExp(ownTaggerName) }).waitFor();
    await calls.finished('/supplier/tagger');
    expect(await page.getByRole('row', { name: /Stranger tagger/ }).count()).toBe(0);
    // Outside a private deployment a supplier sees its taggers but does not manage them.
    expect((await visibleTexts(page)).filter((text) => ['Add person', 'Edit', 'Disable'].includes(text))).toEqual([]);
    expect(calls.refusedOn('/supplier/tagger')).toEqual([]);

    for (const path of ['/supplier/datamanage/1', '/supplier/people/xyz/1/0']) {
      await page.goto(path);
      await page.getByText('Not found', { exact: true }).waitFor();
    }
    await page.goto('/home');
    await page.getByText('Welcome, Walking supplier').waitFor();
    expect(await page.getByText('System status').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('walks the client menu and is offered no project action', async () => {
    const { page, errors } = await openPage(browser, platform.baseUrl);
    const calls = watchCalls(page);
    await signInThroughConsole(page, 'Client', 'walk-client', 'Client@123');
    await landOn(page, '/checkout');
    const walk = await walkMenu(page, calls);
    expectCleanWalk(walk);
    expect(walk.entries).toEqual(['/checkout/index']);
    expect(offered(walk, managersOnly)).toEqual([]);
    await page.goto('/project/datamanage/xyz');
    await page.getByText('Not allowed').waitFor();
    expect(errors).toEqual([]);
  });
});
