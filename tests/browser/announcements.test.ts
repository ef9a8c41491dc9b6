// Announcements in the console: the admin writes one in the rich text editor, scopes it to one team and publishes
// it; a tagger of that team finds it among their notices and reads it as written, and a tagger of no team does not
// see it at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { landOn, closeContexts, sharedBrowser, openPage, signInAdminThroughConsole, signInThroughConsole } from '../support/browser';
import { createPerson } from '../support/people';
import { call, type Platform, startPlatform } from '../support/platform';
import { signInAdmin } from '../support/sign-in';

describe('announcements in the console', () => {
  let platform: Platform;
  let browser: Browser;

  beforeAll(async () => {
    platform = await startPlatform();
    browser = await sharedBrowser();
    const admin = await signInAdmin(platform);
    const team = await call(platform, 'POST', '/manage/teams', { token: admin, body: { name: 'Lidar Team', organisationId: 'ORG-L', hiveId: '4000', size: 5, mobile: 'lidar@example.com' } });
    await createPerson(platform, admin, { role: '40', name: 'Team Tagger', account: 'team-tagger@example.com', password: 'Tagger@123', teamId: team.body.data.id });
    await createPerson(platform, admin, { role: '40', name: 'Free Tagger', account: 'free-tagger@example.com', password: 'Tagger@123', teamId: null });
  }, 120_000);
  afterAll(async () => {
    await closeContexts(browser);
    await platform?.stop();
  });

  it('publishes an announcement to one team, which its tagger reads and a tagger of no team never sees', async () => {
    const admin = await openPage(browser, platform.baseUrl);
    await signInAdminThroughConsole(admin.page, platform);
    await admin.page.getByRole('link', { name: 'Announcements' }).click();
    await admin.page.getByRole('button', { name: 'New announcement' }).click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByLabel('Title').fill('Night shift on Friday');
    const content = dialog.getByRole('textbox', { name: 'Content' });
    await content.click();
    await admin.page.keyboard.type('The lidar batch ');
    await dialog.getByRole('button', { name: 'Bold' }).click();
    await admin.page.keyboard.type('starts at 20:00');
    await content.locator('strong', { hasText: 'starts at 20:00' }).waitFor();
    await dialog.getByRole('radio', { name: 'Chosen roles, teams and people' }).click();
    // Nobody chosen yet: the form says so instead of sending it.
    await dialog.getByText('Choose everyone, or at least one role, team or person').waitFor();
    await dialog.getByRole('searchbox', { name: 'Search Teams' }).fill('Lidar');
    await dialog.getByRole('checkbox', { name: 'Lidar Team' }).check();
    await dialog.getByRole('button', { name: 'Publish now' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = admin.page.getByRole('row', { name: /Night shift on Friday/ });
    await row.getByText('Published').waitFor();
    await row.getByText('1 team', { exact: true }).waitFor();
    expect(admin.errors).toEqual([]);

    const inTeam = await openPage(browser, platform.baseUrl);
    await signInThroughConsole(inTeam.page, 'User', 'team-tagger@example.com', 'Tagger@123');
    await landOn(inTeam.page, '/tag');
    await inTeam.page.getByRole('link', { name: 'Notices' }).click();
    await inTeam.page.getByRole('link', { name: 'Night shift on Friday' }).click();
    await inTeam.page.waitForURL(/\/tag\/noticeinfo\//);
    await inTeam.page.getByRole('heading', { name: 'Night shift on Friday' }).waitFor();
    await inTeam.page.locator('strong', { hasText: 'starts at 20:00' }).waitFor();
    const address = inTeam.page.url();
    expect(inTeam.errors).toEqual([]);

    const outside = await openPage(browser, platform.baseUrl);
    await signInThroughConsole(outside.page, 'User', 'free-tagger@example.com', 'Tagger@123');
    await landOn(outside.page, '/tag');
    await outside.page.getByRole('link', { name: 'Notices' }).click();
    await outside.page.getByText('No notices for you yet').waitFor();
    expect(await outside.page.getByText('Night shift on Friday').count()).toBe(0);
    // Its address, opened directly, is not found for a reader out of its scope.
    await outside.page.goto(new URL(address).pathname);
    await outside.page.getByText('This notice does not exist, or is not addressed to you').waitFor();
    expect(await outside.page.getByText('Night shift on Friday').count()).toBe(0);
  });
});
