// The ledger taken away: an auditor downloads its project's slice, the staff the whole ledger, and the standalone
// verifier (plain Node, nothing of the platform) says the file is intact, or names the entry where it was changed or cut.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Auditor, createAuditor } from '../support/auditors';
import { call, eventually } from '../support/platform';
import { finishItems, ok, startWorkedProject, type WorkedProject } from '../support/worked-project';

const run = promisify(execFile);
const verifier = join(__dirname, '..', '..', 'scripts', 'verify-ledger.mjs');
const en = { 'x-language': 'en_US' };

interface Entry {
  seq: string;
  hash: string;
  event?: { eventId: string; streamId: string; type: string; data: Record<string, unknown> };
}

describe('the ledger export and its standalone verifier', () => {
  let project: WorkedProject;
  let auditor: Auditor;
  let stranger: Auditor;
  let dir: string;

  const download = async (query: string, token: string) => {
    const response = await fetch(`${project.platform.baseUrl}/manage/ledger/export${query}`, { headers: { authorization: `Bearer ${token}`, ...en } });
    return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
  };
  const lines = (text: string) => text.trimEnd().split('\n').map((line) => JSON.parse(line));
  /** Runs the verifier on a file as an auditor would, away from the platform. */
  const verify = async (text: string, ...args: string[]) => {
    const file = join(dir, `ledger-${Math.random().toString(36).slice(2)}.ndjson`);
    await writeFile(file, text);
    const done = await run(process.execPath, [verifier, file, ...args]).then(
      (r) => ({ code: 0, out: r.stdout }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
    );
    return done;
  };

  beforeAll(async () => {
    project = await startWorkedProject({ frames: [2] });
    await finishItems(project, 2);
    auditor = await createAuditor(project.platform, project.admin, [project.projectId]);
    stranger = await createAuditor(project.platform, project.admin, [], 'stranger-auditor@example.com');
    dir = await mkdtemp(join(tmpdir(), 'ledger-'));
    // The ledger is an async projection: the export holds what it has chained, so the test waits for all of it.
    const { db } = project.platform.database;
    await eventually(
      async () => (await sql<{ behind: number }>`SELECT (SELECT count(*) FROM events) - (SELECT count(*) FROM audit_ledger) AS behind`.execute(db)).rows[0].behind,
      (behind) => Number(behind) === 0,
    );
  }, 300_000);
  afterAll(async () => {
    await project?.platform.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("gives an auditor its project's events in full and the others by their place, and the file verifies", async () => {
    const file = await download(`?projectId=${project.projectId}`, auditor.token);
    expect(file.status).toBe(200);
    expect(file.type).toContain('application/x-ndjson');
    const [header, ...entries] = lines(file.text) as [Record<string, any>, ...Entry[]];
    expect(header).toMatchObject({ format: 'annot-ledger', version: 1, scope: { projectId: project.projectId, from: null, to: null }, start: { seq: '0', hash: '0'.repeat(64) } });
    expect(header.end).toEqual({ seq: entries.at(-1)!.seq, hash: entries.at(-1)!.hash });
    const full = entries.filter((e) => e.event);
    // The project's work is there (its items' saves and passes); accounts' events are not, though their places are.
    expect(full.filter((e) => e.event!.type === 'ResultSaved')).toHaveLength(2);
    expect(full.every((e) => !e.event!.streamId.startsWith('account-'))).toBe(true);
    expect(entries.some((e) => !e.event)).toBe(true);

    const verdict = await verify(file.text);
    expect(verdict.code, verdict.out).toBe(0);
    expect(verdict.out).toContain(`intact: ${entries.length} entries of project ${project.projectId} from 1 to ${header.end.seq} (${full.length} events checked in full, ${entries.length - full.length} of other projects by their place)`);

    // The end anchor is the platform's own entry, read back at any later time.
    const anchor = await ok<{ seq: string; hash: string }>(project.platform, 'GET', `/manage/ledger/anchors/${header.end.seq}`, auditor.token);
    expect(anchor.hash).toBe(header.end.hash);
    expect((await verify(file.text, '--anchor', `${anchor.seq}:${anchor.hash}`)).code).toBe(0);
    const wrong = await verify(file.text, '--anchor', `${anchor.seq}:${'f'.repeat(64)}`);
    expect([wrong.code, wrong.out]).toEqual([1, expect.stringContaining(`BROKEN at entry ${anchor.seq}`)]);
  });

  it('gives the staff the whole ledger, which verifies, and keeps it from auditors and strangers', async () => {
    const whole = await download('', project.admin);
    expect(whole.status).toBe(200);
    const [, ...entries] = lines(whole.text) as [unknown, ...Entry[]];
    expect(entries.every((e) => e.event)).toBe(true);
    expect((await verify(whole.text)).out).toContain(`intact: ${entries.length} entries of the whole ledger`);

    const refused = await download('', auditor.token);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.text)).toMatchObject({ code: 403, errCode: 'FORBIDDEN', message: 'Only the staff may export the whole ledger; choose a project' });
    expect((await download(`?projectId=${project.projectId}`, stranger.token)).status).toBe(404);
    expect((await download('?from=yesterday', project.admin)).status).toBe(400);
  });

  it('names the entry of an event changed in the file, and of one taken out of it', async () => {
    const { text } = await download(`?projectId=${project.projectId}`, auditor.token);
    const [header, ...entries] = lines(text) as [unknown, ...Entry[]];
    const saved = entries.findIndex((e) => e.event?.type === 'ResultSaved');
    const file = (list: Entry[]) => [header, ...list].map((line) => JSON.stringify(line)).join('\n') + '\n';

    const changed = structuredClone(entries);
    changed[saved].event!.data.objectCount = 7;
    const afterChange = await verify(file(changed));
    expect(afterChange.code).toBe(1);
    expect(afterChange.out).toContain(`BROKEN at entry ${entries[saved].seq} (line ${saved + 2}): event ${entries[saved].event!.eventId} (ResultSaved of ${entries[saved].event!.streamId}`);

    const removed = entries.filter((_, i) => i !== saved);
    const afterRemoval = await verify(file(removed));
    expect(afterRemoval.code).toBe(1);
    expect(afterRemoval.out).toContain(`BROKEN at entry ${entries[saved].seq} (line ${saved + 2}): entry ${entries[saved].seq} is missing`);
    expect(afterRemoval.out).toContain(`${saved} entries before it are intact`);
  });

  it('cuts a slice by time, anchored on the entry before it', async () => {
    const whole = lines((await download('', project.admin)).text) as [unknown, ...Entry[]];
    const middle = whole[Math.floor(whole.length / 2)] as Entry & { event: { recordedAt: string } };
    const slice = await download(`?projectId=${project.projectId}&from=${encodeURIComponent(middle.event.recordedAt)}`, auditor.token);
    const [header, first] = lines(slice.text);
    expect(BigInt(header.start.seq)).toBeGreaterThan(0n);
    expect(BigInt(first.seq)).toBe(BigInt(header.start.seq) + 1n);
    const before = whole.slice(1).find((e) => (e as Entry).seq === header.start.seq) as Entry;
    expect(header.start.hash).toBe(before.hash);
    expect((await verify(slice.text)).code).toBe(0);
  });
});
