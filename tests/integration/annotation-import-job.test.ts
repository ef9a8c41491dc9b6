// An annotation upload without pictures into a batch already in progress, run as a job: answered at once (202) with
// the import's id, followed on its status route to its end, its objects found on the items and its warnings said line
// by line. What can be decided before the job is refused at once in the seed's envelope, in the caller's language;
// a file that cannot be read fails the job with its line, and nothing is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnnotationImport, commandContext } from '@annot/core';
import type { AnnotationImportView } from '@annot/workflows';
import { cocoPieces } from '../support/coco-file';
import { batchResults, imageBatch, type InteropProject, startInteropProject } from '../support/interop-project';
import { listenToJobs, type StreamedEvent } from '../support/job-stream';
import { call, eventually } from '../support/platform';
import { replayCommand } from '../../scripts/src/replay-command';
import { AnnotationImportJob } from '../../services/worker/src/exports/annotation-import.job';

const images = Array.from({ length: 6 }, (_, i) => ({ name: `frame_${String(i + 1).padStart(4, '0')}.jpg`, width: 64, height: 48 }));
const perImage = 30;

/** The batch's pictures' annotations as a COCO file, and one annotation of an image the file does not list. */
function cocoFile(): Buffer {
  const document = JSON.parse([...cocoPieces({ images: images.map(({ name, width, height }) => ({ fileName: name, width, height })), perImage, category: 'car' })].join(''));
  document.annotations.push({ id: 90_001, image_id: 999, category_id: 1, iscrowd: 0, area: 100, bbox: [1, 1, 10, 10], segmentation: [] });
  return Buffer.from(JSON.stringify(document));
}

describe('annotation import job', () => {
  let project: InteropProject;
  let batchId: string;

  const start = async (batch: string, fields: Record<string, string>, file: { name: string; content: Buffer } | null, language = 'en_US') => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (file) form.append('file', new Blob([new Uint8Array(file.content)]), file.name);
    const response = await fetch(`${project.platform.baseUrl}/manage/batches/${batch}/annotation-imports`, { method: 'POST', body: form, headers: { authorization: `Bearer ${project.admin}`, 'x-language': language } });
    return { status: response.status, body: await response.json() };
  };
  const status = async (importId: string, language = 'en_US') =>
    (await call<AnnotationImportView>(project.platform, 'GET', `/manage/annotation-imports/${importId}`, { token: project.admin, headers: { 'x-language': language } })).body.data;
  const ended = (importId: string) => eventually(() => status(importId), (view) => view.status === 'finished' || view.status === 'failed', 60_000);
  const objectCounts = async () => [...(await batchResults(project, batchId)).values()].map((item) => item.objects.length);

  beforeAll(async () => {
    project = await startInteropProject('Annotation import job', [{ name: 'car', templateType: 'box' }]);
    batchId = await imageBatch(project, 'Street', images);
  }, 240_000);
  afterAll(async () => project?.stop());

  it('answers at once, then writes every object of the file on the items of the batch in progress and says what it skipped', async () => {
    const batch = (await call(project.platform, 'GET', `/manage/batches/${batchId}`, { token: project.admin })).body.data;
    expect(batch.status).toBe('in_progress');

    const mine = (events: StreamedEvent[]) => events.filter((e) => e.data.subject?.type === 'annotation_import');
    const stream = await listenToJobs(project.platform, project.admin, (events) => mine(events).some((e) => e.event === 'completed'));
    const answer = await start(batchId, { format: 'coco', mode: 'all' }, { name: 'instances.json', content: cocoFile() });
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    expect(answer.body).toMatchObject({ code: 202, errCode: null, data: { importId: expect.any(String), batchImport: false } });
    const importId = answer.body.data.importId as string;

    const done = await ended(importId);
    expect(done).toMatchObject({ status: 'finished', progress: 100, fileName: 'instances.json', items: images.length, objects: images.length * perImage, refused: 0, warned: 1, refusals: [] });
    expect(done.warnings).toEqual([{ source: `instances.json annotations[${images.length * perImage}]`, message: 'The annotation names image 999, which the file does not list: it was skipped' }]);
    expect(await objectCounts()).toEqual(images.map(() => perImage));

    // The PM following the job hears its progress on the events stream, up to its end.
    const heard = mine(await stream.done);
    expect(heard.every((e) => e.data.subject.id === importId)).toBe(true);
    expect(heard.filter((e) => e.event === 'progress').map((e) => e.data.progress).at(-1)).toBe(100);

    // Every step is an event of the import's own stream: asked for by the PM, then the worker's steps.
    const events = await project.platform.database.db.selectFrom('events').select(['type', 'data', 'metadata']).where('stream_id', '=', `annotation_import-${importId}`).orderBy('stream_position').execute();
    expect(events[0].type).toBe('AnnotationImportRequested');
    expect(events.at(-1)!.type).toBe('AnnotationImportFinished');
    const progressed = events.slice(1, -1);
    expect(progressed.every((e) => e.type === 'AnnotationImportProgressed')).toBe(true);
    // The COCO file is read in walks that each say how far they have got, so the row moves on as the worker does.
    const steps = progressed.map((e) => (e.data as { progress: number }).progress);
    expect(steps.length, `progress ${steps.join(' ')}`).toBeGreaterThanOrEqual(2);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    const pm = events[0].metadata as { actorId: string; actorRole: string };

    // The worker's writing run again with the import's command ids, as a retried job runs it, appends nothing.
    const count = async () => Number((await project.platform.database.db.selectFrom('events').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const annotations = project.platform.worker!.get(AnnotationImport, { strict: false });
    const rerun = await annotations.run(
      { batchId, projectId: project.projectId, format: 'coco', mode: 'all', files: [{ path: 'instances.json', content: cocoFile() }] },
      commandContext({ id: pm.actorId, role: pm.actorRole }, { commandId: `${importId}:annotations` }),
    );
    expect(rerun).toMatchObject({ written: true, objects: images.length * perImage });
    expect(await count()).toBe(before);
    expect(await objectCounts()).toEqual(images.map(() => perImage));

    // The job delivered again, as after a crash of its worker, writes nothing twice.
    const job = project.platform.worker!.get(AnnotationImportJob, { strict: false });
    const again = await job.handle({ id: 'again', data: { importId }, attemptsMade: 0, opts: { attempts: 5 }, updateProgress: async () => undefined } as never);
    expect(again).toEqual({ skipped: true });
    expect(await objectCounts()).toEqual(images.map(() => perImage));
  });

  it('refuses at once what it can decide before the job, in the caller’s language, and fails a file it cannot read with its line', async () => {
    const unknown = await start(batchId, { format: 'excel', mode: 'all' }, { name: 'instances.json', content: cocoFile() });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 400, errCode: 'VALIDATION_FAILED' });
    expect(unknown.body.data.fields).toEqual([expect.objectContaining({ field: 'format', message: expect.stringContaining('Choose one of the export formats') })]);
    const chinese = await start(batchId, { format: 'excel', mode: 'all' }, { name: 'instances.json', content: cocoFile() }, 'zh_CN');
    expect(chinese.body.data.fields[0].message).toMatch(/[\u4e00-\u9fff]/);

    const noFile = await start(batchId, { format: 'coco', mode: 'all' }, null);
    expect(noFile.status).toBe(400);
    expect(noFile.body.data.fields).toEqual([expect.objectContaining({ field: 'file', message: 'Please choose a file to upload' })]);

    const nowhere = await start('00000000-0000-4000-8000-00000000dead', { format: 'coco', mode: 'all' }, { name: 'instances.json', content: cocoFile() });
    expect(nowhere).toMatchObject({ status: 404, body: { code: 404, errCode: 'NOT_FOUND' } });

    const before = await objectCounts();
    const malformed = await start(batchId, { format: 'coco', mode: 'all' }, { name: 'instances.json', content: Buffer.from('{"images": [') });
    expect(malformed.status).toBe(202);
    const failed = await ended(malformed.body.data.importId);
    expect(failed).toMatchObject({ status: 'failed', reason: 'The import failed with the following error.', items: 0, objects: 0 });
    expect(failed.refusals).toEqual([{ source: 'instances.json', message: 'The file cannot be read as COCO: the JSON is malformed at line 1, column 13' }]);
    expect((await status(malformed.body.data.importId, 'zh_CN')).reason).toBe('导入失败，错误如下。');
    expect(await objectCounts()).toEqual(before);
  });

  it('rebuilds the imports’ rows from their events exactly as they are', async () => {
    const lines: string[] = [];
    const code = await replayCommand(['--verify'], project.platform.database.url, (line) => lines.push(line));
    expect(code, lines.join('\n')).toBe(0);
  });
});
