// The log answers outside the platform: an auditor's ledger slice, read by the standalone verifier (plain Node), gives
// the project's items where the platform's past view puts them, and checks an accepted COCO export against the log at
// the ledger entry its record names: the same objects in the archive, and the result changed after acceptance named
// with who changed it. An archive with an annotation taken out is found.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import type { ExportView, PastItemCount, PastLandmark, ProjectPastView } from '@annot/workflows';
import { type Auditor, createAuditor } from '../support/auditors';
import { boxResult } from '../support/demo';
import { call, eventually } from '../support/platform';
import { zipEntries } from '../support/zip-entries';
import { acceptFirstBatch, finishItems, ok, startWorkedProject, type WorkedProject } from '../support/worked-project';

const run = promisify(execFile);
const verifier = join(__dirname, '..', '..', 'scripts', 'verify-ledger.mjs');
const en = { 'x-language': 'en_US' };

interface ExportVerdict {
  ok: boolean;
  startedAt: { seq: string; globalPosition: string };
  log: { items: number; objects: number };
  recorded: { items: number; objects: number };
  archive: { objects: number } | null;
  versions: { itemId: string; resultVersion: number }[];
  unlikeAccepted: { itemId: string; resultVersion: number; acceptedVersion: number }[];
  changedAfter: { seq: string; itemId: string; type: string; actorId: string | null; resultVersion: number | null }[];
  differences: string[];
}
interface Verdict {
  chain: { ok: boolean };
  items: PastItemCount[] | null;
  export: ExportVerdict | null;
}

const sorted = (counts: PastItemCount[]) => [...counts].sort((a, b) => `${a.linkId}${a.status}`.localeCompare(`${b.linkId}${b.status}`));

describe('the ledger recomputed by the standalone verifier', () => {
  let project: WorkedProject;
  let auditor: Auditor;
  let dir: string;
  let record: ExportView;
  let ledger: string;
  let archive: string;
  let accepted: string[];
  let moved: string;

  const file = async (name: string, content: string | Buffer) => {
    const path = join(dir, name);
    await writeFile(path, content);
    return path;
  };
  /** Runs the verifier as an auditor would, away from the platform, and reads its JSON answer. */
  const verify = async (...args: string[]): Promise<{ code: number; verdict: Verdict }> => {
    const done = await run(process.execPath, [verifier, ledger, '--json', ...args]).then(
      (r) => ({ code: 0, out: r.stdout }),
      (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
    );
    return { code: done.code, verdict: JSON.parse(done.out) as Verdict };
  };

  const exportAccepted = () =>
    ok<{ exportId: string }>(project.platform, 'POST', `/manage/projects/${project.projectId}/exports`, project.admin, {
      format: 'coco',
      scope: { batchIds: [], linkIds: [], gate: 'accepted', effectiveness: 'valid' },
    });
  const exportRecord = async (exportId: string) =>
    (await ok<{ items: ExportView[] }>(project.platform, 'GET', `/manage/projects/${project.projectId}/exports`, project.admin)).items.find((r) => r.exportId === exportId)!;
  const exported = (exportId: string) => eventually(() => exportRecord(exportId), (r) => r?.status === 'succeeded', 60_000);
  /** The auditor's slice of the ledger, taken once the ledger (an async projection) has chained every event. */
  const auditorsSlice = async () => {
    const { db } = project.platform.database;
    await eventually(
      async () => (await sql<{ behind: number }>`SELECT (SELECT count(*) FROM events) - (SELECT count(*) FROM audit_ledger) AS behind`.execute(db)).rows[0].behind,
      (behind) => Number(behind) === 0,
    );
    const slice = await fetch(`${project.platform.baseUrl}/manage/ledger/export?projectId=${project.projectId}`, { headers: { authorization: `Bearer ${auditor.token}`, ...en } });
    expect(slice.status).toBe(200);
    return file(`ledger-${Math.random().toString(36).slice(2)}.ndjson`, await slice.text());
  };

  beforeAll(async () => {
    project = await startWorkedProject({ frames: [2, 1] });
    const { platform, admin } = project;
    dir = await mkdtemp(join(tmpdir(), 'ledger-recompute-'));
    accepted = await finishItems(project, 2);
    await acceptFirstBatch(project, accepted);
    auditor = await createAuditor(platform, admin, [project.projectId]);

    // The PM exports what the client accepted, as COCO.
    const asked = await exportAccepted();
    record = await exported(asked.exportId);
    // The auditor downloads the archive it checks, as it reads the project's export records.
    const download = await fetch(`${platform.baseUrl}/manage/exports/${record.exportId}/download`, { headers: { authorization: `Bearer ${auditor.token}` } });
    expect(download.status).toBe(200);
    archive = await file('export.zip', Buffer.from(await download.arrayBuffer()));

    // After acceptance and the export, the PM sends an accepted item back keeping its result; the tagger takes it with
    // the second batch's item and moves its box.
    [moved] = accepted;
    await ok(platform, 'POST', `/manage/items/${moved}/recycle`, admin, { target: 'annotation_pool', keepResult: true });
    const taken = (await ok<{ items: string[] }>(platform, 'POST', `/manage/items/links/${project.links.annotation}/claims`, project.tagger.token, { count: 2 })).items;
    expect(taken.sort()).toEqual([moved, ...project.dataBatches[1].itemIds].sort());
    await ok(platform, 'PUT', `/manage/items/${moved}/result`, project.tagger.token, { result: boxResult(project.toolId, { x: 30 }) });

    ledger = await auditorsSlice();
    // Chained, the export's start has its entry, which its record now names.
    record = await exportRecord(record.exportId);
    expect(record.ledgerSeq).toMatch(/^\d+$/);
  }, 300_000);
  afterAll(async () => {
    await project?.platform.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("gives the project's items where the platform's past view puts them, now and at the export's entry", async () => {
    const now = await ok<ProjectPastView>(project.platform, 'GET', `/manage/past/projects/${project.projectId}/counts`, auditor.token);
    const atEnd = await verify('--items');
    expect(atEnd.code).toBe(0);
    expect(atEnd.verdict.chain.ok).toBe(true);
    expect(sorted(atEnd.verdict.items!)).toEqual(sorted(now.counts));
    // Now: the moved item and the second batch's claimed in annotation, the other accepted one finished.
    expect(sorted(atEnd.verdict.items!)).toEqual(
      sorted([
        { linkId: project.links.annotation, status: 'claimed', count: 2 },
        { linkId: project.links.inspection, status: 'finished', count: 1 },
      ]),
    );

    const then = await ok<ProjectPastView>(project.platform, 'GET', `/manage/past/projects/${project.projectId}/counts?position=${record.startedPosition}`, auditor.token);
    const atExport = await verify('--items', '--at', record.ledgerSeq!);
    expect(sorted(atExport.verdict.items!)).toEqual(sorted(then.counts));
    expect(atExport.verdict.items!.find((c) => c.status === 'finished')?.count).toBe(2);
  });

  it('checks the export against the log at the entry its record names, and names what changed after it and who changed it', async () => {
    const { code, verdict } = await verify('--export', record.exportId, '--archive', archive);
    const checked = verdict.export!;
    expect(code, JSON.stringify(checked.differences)).toBe(0);
    expect(checked.ok).toBe(true);
    expect(checked.startedAt).toEqual({ seq: record.ledgerSeq, globalPosition: record.startedPosition });
    // One box on each of the two accepted items: in the log, in the export's record and in the archive.
    expect(checked.log).toEqual({ items: 2, objects: 2 });
    expect(checked.recorded).toEqual({ items: record.items, objects: record.objects });
    expect(checked.archive?.objects).toBe(2);
    expect(checked.versions.map((v) => [v.itemId, v.resultVersion]).sort()).toEqual(accepted.map((id) => [id, 1]).sort());
    // It was read at the versions the client accepted.
    expect(checked.unlikeAccepted).toEqual([]);
    // The result changed after the export: by the tagger, at version 2, after the PM's recycle.
    expect(checked.changedAfter.map((c) => [c.itemId, c.type])).toEqual([
      [moved, 'ItemRecycled'],
      [moved, 'ItemClaimed'],
      [moved, 'ResultSaved'],
    ]);
    const saved = checked.changedAfter.find((c) => c.type === 'ResultSaved')!;
    expect([saved.actorId, saved.resultVersion]).toEqual([project.tagger.id, 2]);
    expect(checked.changedAfter[0].actorId).not.toBe(project.tagger.id);
  });

  it('finds an archive with an annotation taken out, and an export the file does not hold', async () => {
    const entries = await zipEntries(await readFile(archive));
    const tampered = new yazl.ZipFile();
    for (const [name, content] of entries) {
      if (!name.endsWith('.json')) {
        tampered.addBuffer(content, name);
        continue;
      }
      const document = JSON.parse(content.toString('utf8')) as { annotations: unknown[] };
      document.annotations = document.annotations.slice(1);
      tampered.addBuffer(Buffer.from(JSON.stringify(document)), name);
    }
    tampered.end();
    const chunks: Buffer[] = [];
    for await (const chunk of tampered.outputStream) chunks.push(chunk as Buffer);
    const cut = await file('tampered.zip', Buffer.concat(chunks));

    const { code, verdict } = await verify('--export', record.exportId, '--archive', cut);
    expect(code).toBe(1);
    expect(verdict.export!.archive?.objects).toBe(1);
    expect(verdict.export!.differences).toEqual([`the archive holds 1 object (the annotations of ${[...entries.keys()].find((n) => n.endsWith('.json'))}), the log holds 2 objects at entry ${record.ledgerSeq}`]);

    const unknown = await verify('--export', '00000000-0000-4000-8000-000000000000');
    expect(unknown.code).toBe(1);
    expect(unknown.verdict.export!.differences).toEqual(['export 00000000-0000-4000-8000-000000000000 is not in the file (or not of its project)']);
  });

  it('names an accepted item that a later export read at a version the client never accepted', async () => {
    const { platform, tagger, inspector, links } = project;
    // The tagger submits the moved box and the inspector passes it: it finishes again, at version 2, not re-accepted.
    await ok(platform, 'POST', `/manage/items/${moved}/submit`, tagger.token);
    const inspected = (await ok<{ items: string[] }>(platform, 'POST', `/manage/items/links/${links.inspection}/claims`, inspector.token, { count: 1 })).items;
    expect(inspected).toEqual([moved]);
    await ok(platform, 'POST', `/manage/items/${moved}/pass`, inspector.token);
    const later = await exported((await exportAccepted()).exportId);
    ledger = await auditorsSlice();

    const { code, verdict } = await verify('--export', later.exportId);
    expect(code, JSON.stringify(verdict.export!.differences)).toBe(0);
    expect(verdict.export!.log).toEqual({ items: 2, objects: 2 });
    expect(verdict.export!.unlikeAccepted).toEqual([{ itemId: moved, resultVersion: 2, acceptedVersion: 1 }]);
  });

  it('names the acceptance verdict and both exports as moments to read the project at, newest first', async () => {
    const { platform } = project;
    const records = (await ok<{ items: ExportView[] }>(platform, 'GET', `/manage/projects/${project.projectId}/exports`, auditor.token)).items;
    // An auditor not given the project finds neither its exports nor its moments.
    const stranger = await createAuditor(platform, project.admin, [], 'stranger-auditor@example.com');
    expect((await call(platform, 'GET', `/manage/projects/${project.projectId}/exports`, { token: stranger.token })).status).toBe(404);
    expect((await call(platform, 'GET', `/manage/exports/${records[0].exportId}/download`, { token: stranger.token })).status).toBe(404);
    expect((await call(platform, 'GET', `/manage/past/projects/${project.projectId}/landmarks`, { token: stranger.token })).status).toBe(404);
    const landmarks = await eventually(
      async () => (await ok<{ items: PastLandmark[] }>(platform, 'GET', `/manage/past/projects/${project.projectId}/landmarks`, auditor.token)).items,
      // The verdicts come from the management log, an async projection.
      (items) => items.some((l) => l.kind === 'acceptance'),
    );
    const verdict = landmarks.find((l) => l.kind === 'acceptance')!;
    expect(verdict).toMatchObject({ kind: 'acceptance', sequence: 1, verdict: 'passed' });
    expect(landmarks.filter((l) => l.kind === 'export').map((l) => l.position)).toEqual(records.map((r) => r.startedPosition));
    expect(landmarks.map((l) => l.kind)).toEqual(['export', 'export', 'acceptance']);
    expect(landmarks.map((l) => BigInt(l.position))).toEqual(landmarks.map((l) => BigInt(l.position)).sort((a, b) => (a > b ? -1 : 1)));
    // As of the verdict, both accepted items stood finished.
    const then = await ok<ProjectPastView>(platform, 'GET', `/manage/past/projects/${project.projectId}/counts?position=${verdict.position}`, auditor.token);
    expect(then.counts.find((c) => c.status === 'finished')?.count).toBe(2);
  });
});
