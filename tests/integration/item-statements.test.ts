// What one claim and one item read cost the database: the statements each sends, counted at the driver, so a change
// that adds round trips to the hottest paths of the work loop is noticed.
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemo } from '../support/demo';
import { call, type Platform } from '../support/platform';
import { signIn } from '../support/sign-in';

describe('item statements', () => {
  let platform: Platform;
  let tagger: string;
  let links: { id: string }[];
  // Only the statements of the request counted: the worker and the projections query the same database meanwhile.
  const request = new AsyncLocalStorage<boolean>();
  let statements: string[] = [];
  const query = pg.Client.prototype.query;

  beforeAll(async () => {
    ({ platform, links } = await startDemo());
    tagger = await signIn(platform, 'tagger@example.com', 'Demo@2026', 1);
    const server = platform.api.getHttpServer();
    const handlers = server.listeners('request') as ((...args: unknown[]) => void)[];
    server.removeAllListeners('request');
    server.on('request', (...args: unknown[]) => request.run(true, () => handlers.forEach((handle) => handle(...args))));
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      if (request.getStore()) statements.push(String(typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text).slice(0, 60));
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
  });
  afterAll(async () => {
    pg.Client.prototype.query = query;
    await platform?.stop();
  });

  // A request's work may end after its answer: the notification after commit leaves a few milliseconds later, from a
  // timer the request set. Its statements are counted once none has come for a while.
  async function counted<T>(work: () => Promise<T>): Promise<{ value: T; count: number }> {
    statements = [];
    const value = await work();
    let seen = -1;
    while (seen !== statements.length) {
      seen = statements.length;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return { value, count: statements.length };
  }

  it('claims one item in ten statements at most (the counts per link and the notification after commit among them), and reads it with its allowed actions in five', async () => {
    const claim = await counted(() => call(platform, 'POST', `/manage/items/links/${links[0].id}/claims`, { token: tagger, body: { count: 1 } }));
    expect(claim.value.status).toBe(200);
    const itemId = claim.value.body.data.items[0] as string;
    const read = await counted(() => call(platform, 'GET', `/manage/items/${itemId}`, { token: tagger }));
    expect(read.value.status).toBe(200);
    // The reader's buttons come with the item: no history to read and fold in the browser.
    expect(read.value.body.data.actions).toEqual(['save', 'submit', 'mark_invalid', 'release']);
    console.info(`claim: ${claim.count} statements; item read: ${read.count} statements`);
    expect(claim.count).toBeLessThanOrEqual(10);
    expect(read.count).toBeLessThanOrEqual(5);
  });
});
