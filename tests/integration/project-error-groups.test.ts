// The error groups a project's marks name, as its inspectors and client acceptors meet them: the groups the project
// chose and never another's, none once those are gone, and a mark naming any other group refused in both languages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Platform } from '../support/platform';
import { finishItems, ok, type Person, person, startWorkedProject, type WorkedProject } from '../support/worked-project';
import { boxResult } from '../support/demo';

const en = { 'x-language': 'en_US' };
const refusedEn = 'This project does not use the error group of this mark; choose one of the project’s error groups';
const refusedZh = '本项目未使用该标记的错误属性组，请选择项目的错误属性组';

describe("a project's error groups", () => {
  let project: WorkedProject;
  let platform: Platform;
  let admin: string;
  let client: Person;
  /** The item the inspector holds on the inspection link, and the acceptance batch the client holds. */
  let inspected: string;
  let batchId: string;
  let accepted: string;
  const groupIds: Record<string, string> = {};

  const offered = async (who: Person) => (await ok<{ name: string }[]>(platform, 'GET', `/manage/items/projects/${project.projectId}/error-groups`, who.token)).map((g) => g.name);
  const mark = (group: string) => ({ errorGroupId: groupIds[group], value: 'loose box', objectId: 'car-1', comment: 'too loose' });
  const reject = (group: string, headers = {}) =>
    call(platform, 'POST', `/manage/items/${inspected}/reject`, { token: project.inspector.token, body: { marks: [mark(group)] }, headers });
  const judge = (group: string, headers = {}) =>
    call(platform, 'POST', `/manage/quality/acceptance/${batchId}/items/${accepted}/judge`, { token: client.token, body: { verdict: 'reject', marks: [mark(group)] }, headers });

  beforeAll(async () => {
    project = await startWorkedProject({ frames: [3] });
    ({ platform, admin } = project);
    const { links, tagger, inspector } = project;
    // Two items finish for the client; the third waits in the inspector's hands.
    expect(await finishItems(project, 2)).toHaveLength(2);
    [inspected] = (await ok<{ items: string[] }>(platform, 'POST', `/manage/items/links/${links.annotation}/claims`, tagger.token, { count: 1 })).items;
    await ok(platform, 'PUT', `/manage/items/${inspected}/result`, tagger.token, { result: boxResult(project.toolId) });
    await ok(platform, 'POST', `/manage/items/${inspected}/submit`, tagger.token);
    expect((await ok<{ items: string[] }>(platform, 'POST', `/manage/items/links/${links.inspection}/claims`, inspector.token, { count: 1 })).items).toEqual([inspected]);

    client = await person(platform, admin, '50', 'Group Client');
    const created = await ok<{ created: { batchId: string }[] }>(platform, 'POST', `/manage/quality/projects/${project.projectId}/acceptance`, admin, {
      split: { by: 'number', batches: 1 },
      acceptorIds: [client.id],
    });
    batchId = created.created[0].batchId;
    await ok(platform, 'POST', `/manage/quality/acceptance/${batchId}/claim`, client.token, {});
    accepted = (await ok<{ items: { itemId: string }[] }>(platform, 'GET', `/manage/quality/acceptance/${batchId}`, client.token)).items[0].itemId;

    // Another project's group enters the catalogue; this project keeps to the demo's box errors.
    await ok(platform, 'POST', '/manage/error-groups', admin, { name: 'Lane lines', values: [{ name: 'loose box', color: '#00aa00', type: 'line' }] });
    for (const group of await ok<{ id: string; name: string }[]>(platform, 'GET', '/manage/error-groups', admin)) groupIds[group.name] = group.id;
    const { rules } = await ok(platform, 'GET', `/manage/projects/${project.projectId}`, admin);
    const { annotationRule, countdownSeconds, rereadByAnnotator, dataRule } = rules;
    await ok(platform, 'PUT', `/manage/projects/${project.projectId}/rules`, admin, { annotationRule, countdownSeconds, rereadByAnnotator, dataRule, errorGroupIds: [groupIds['Demo box errors']] });
  });
  afterAll(async () => platform?.stop());

  it('offers the inspector and the client acceptor only the groups the project chose, and refuses any other', async () => {
    expect(await offered(project.inspector)).toEqual(['Demo box errors']);
    expect(await offered(client)).toEqual(['Demo box errors']);
    for (const refused of [await reject('Lane lines', en), await judge('Demo attribute errors', en)]) {
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 400, errCode: 'VALIDATION_FAILED', message: refusedEn });
      expect(refused.body.data.fields).toEqual([{ field: 'marks.0.errorGroupId', message: refusedEn }]);
    }
    expect((await reject('Demo attribute errors')).body.message).toBe(refusedZh);
    expect((await judge('Lane lines')).body.message).toBe(refusedZh);
  });

  it('offers nothing of the catalogue once the chosen groups are gone, so no mark is written, in Chinese and English', async () => {
    await ok(platform, 'POST', `/manage/error-groups/${groupIds['Demo box errors']}/delete`, admin);
    expect(await offered(project.inspector)).toEqual([]);
    expect(await offered(client)).toEqual([]);
    expect((await reject('Demo attribute errors', en)).body.message).toBe(refusedEn);
    expect((await reject('Lane lines')).body.message).toBe(refusedZh);
    expect((await judge('Lane lines', en)).body.message).toBe(refusedEn);
    expect((await judge('Demo attribute errors')).body.message).toBe(refusedZh);
    // Nothing was judged: the item stays in the inspector's hands, and the client's verdict is still open.
    expect((await ok(platform, 'GET', `/manage/items/${inspected}`, project.inspector.token)).status).toBe('claimed');
    const batch = await ok<{ items: { itemId: string; verdict: string | null }[] }>(platform, 'GET', `/manage/quality/acceptance/${batchId}`, client.token);
    expect(batch.items.find((i) => i.itemId === accepted)?.verdict).toBeNull();
  });
});
