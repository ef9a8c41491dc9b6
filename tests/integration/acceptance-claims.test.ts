// Two client acceptors claim the same pending acceptance batch at once, fifty times over fifty batches: each time
// exactly one wins and the other is asked to confirm a takeover, and nothing else happens to the batch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/platform';
import { replayVerifies } from '../support/replay';
import { finishItems, ok, type Person, person, startWorkedProject, type WorkedProject } from '../support/worked-project';

const rounds = 50;

describe('acceptance claims at once', () => {
  let project: WorkedProject;
  let acceptors: Person[];
  let batchIds: string[];

  beforeAll(async () => {
    project = await startWorkedProject({ frames: [rounds] });
    expect(await finishItems(project, rounds)).toHaveLength(rounds);
    acceptors = [await person(project.platform, project.admin, '50', 'Client One'), await person(project.platform, project.admin, '50', 'Client Two')];
    const made = await ok(project.platform, 'POST', `/manage/quality/projects/${project.projectId}/acceptance`, project.admin, {
      split: { by: 'number', batches: rounds },
      acceptorIds: acceptors.map((a) => a.id),
    });
    batchIds = made.created.map((c: { batchId: string }) => c.batchId);
  });
  afterAll(async () => project?.platform.stop());

  it('lets exactly one of two acceptors claiming a batch at once win, and asks the other to confirm, fifty times', async () => {
    expect(batchIds).toHaveLength(rounds);
    const claims = await Promise.all(
      batchIds.map(async (batchId) => ({
        batchId,
        answers: await Promise.all(acceptors.map((a) => call(project.platform, 'POST', `/manage/quality/acceptance/${batchId}/claim`, { token: a.token, body: {} }))),
      })),
    );
    for (const { batchId, answers } of claims) {
      const won = answers.filter((a) => a.status === 200);
      const asked = answers.filter((a) => a.status === 409);
      expect(won, batchId).toHaveLength(1);
      expect(asked.map((a) => a.body.errCode), batchId).toEqual(['ACCEPTANCE_CLAIMED']);
      const winner = acceptors[answers.indexOf(won[0])];
      const { batch } = await ok(project.platform, 'GET', `/manage/quality/acceptance/${batchId}`, project.admin);
      expect(batch).toMatchObject({ status: 'accepting', claimer: { id: winner.id }, version: '2' });
    }
    expect(await replayVerifies(project.platform)).toEqual({ code: 0, differences: [] });
  });
});
