// What one item read and one project page read send to the database: none of their statements reads a stream's events.
// Access checks and the project's state come from projection rows, so a second API process answers the same.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/platform';
import { ok, startWorkedProject, type WorkedProject } from '../support/worked-project';

/** The statements the API sends to this test's database while `request` runs. */
async function statementsOf(project: WorkedProject, request: () => Promise<unknown>): Promise<string[]> {
  const database = new URL(project.platform.database.url).pathname.slice(1);
  const sent: string[] = [];
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
    if (this.database === database && text) sent.push(text);
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    await request();
  } finally {
    pg.Client.prototype.query = query;
  }
  return sent;
}

/** The fewest statements of a few runs: a worker's pass over the log may fall inside one of them. */
async function fewest(project: WorkedProject, request: () => Promise<unknown>): Promise<string[]> {
  let least: string[] | null = null;
  for (let run = 0; run < 3; run++) {
    const sent = await statementsOf(project, request);
    if (least === null || sent.length < least.length) least = sent;
  }
  return least!;
}

/** A read of one stream's events (the worker's projections, which also run in this process, read the log by position). */
const foldsStream = (text: string) => /\bevents"?\b[\s\S]*\bstream_id"?\s*=/i.test(text);

describe('read round trips', () => {
  let project: WorkedProject;
  let itemId: string;

  beforeAll(async () => {
    project = await startWorkedProject({ frames: [2] });
    itemId = project.dataBatches[0].itemIds[0];
  }, 240_000);
  afterAll(async () => {
    await project?.platform.stop();
  });

  it("reads an item for a tagger of its link without reading its project's stream", async () => {
    const read = () => ok(project.platform, 'GET', `/manage/items/${itemId}`, project.tagger.token);
    expect(await read()).toMatchObject({ id: itemId });
    const sent = await fewest(project, read);
    expect(sent.filter(foldsStream)).toEqual([]);
  });

  it("reads a project's page without reading its project's stream", async () => {
    const read = () => ok(project.platform, 'GET', `/manage/projects/${project.projectId}`, project.admin);
    expect(await read()).toMatchObject({ id: project.projectId });
    const sent = await fewest(project, read);
    expect(sent.filter(foldsStream)).toEqual([]);
  });

  it('refuses an item to a person who does not work on its project, as one that does not exist', async () => {
    const stranger = await call(project.platform, 'GET', `/manage/items/${itemId}`, { token: project.inspector.token });
    expect(stranger.status).toBe(404);
  });
});
