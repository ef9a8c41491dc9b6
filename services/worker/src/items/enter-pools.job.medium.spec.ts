// Items imported before their project had links, on a real database: given a published project and items that wait
// in no link, when the job runs after publishing, then each item entered the first link's pool, as the system.
import type { Job } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { ItemWork, type JobData, type JobName } from '@annot/core';
import { appended, givenItems, givenProject, itemStream, mark, specDatabase } from '../../../../tests/support/given-when-then';
import { EnterPoolsJob } from './enter-pools.job';
import { ItemsRepository } from './items.repository';

const spec = specDatabase();
const rowOf = (itemId: string) => spec.db.selectFrom('items').select(['status', 'link_id']).where('item_id', '=', itemId).executeTakeFirstOrThrow();

describe(EnterPoolsJob.name, () => {
  it('puts every item that waited with no link in the first link pool, as the system', async () => {
    const p = await givenProject(spec);
    const { itemIds } = await givenItems(spec, p, 2, null);
    const since = await mark(spec);
    const job = { id: '1', data: { projectId: p.projectId } } as Job<JobData<JobName.EnterPools>>;
    expect(await new EnterPoolsJob(spec.pipeline, new ItemsRepository(spec.db), new ItemWork()).handle(job)).toEqual({ entered: 2 });
    expect((await appended(spec, since)).map((e) => [e.stream, e.type, e.actor, e.data.linkId])).toEqual([...itemIds].sort().map((id) => [itemStream(id), 'ItemEnteredPool', 'system', p.annotation]));
    expect((await Promise.all(itemIds.map(rowOf))).map((r) => [r.status, r.link_id])).toEqual(itemIds.map(() => ['waiting', p.annotation]));
  });
});
