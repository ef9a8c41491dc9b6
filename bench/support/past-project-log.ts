// A project of 100,000 items (PAST_BENCH_ITEMS sets another size) written into the log for the past benchmarks: the
// items registered through the batches projection, their work (claimed, saved, submitted; half of them then claimed,
// passed and finished) written in bulk, six events an item at most, each saved result one box as the editor saves it.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { batchProjection, EventStore, itemProjection, type NewEvent, noStream } from '@annot/core';
import { batchItemsStreamId, batchStreamId, projectStreamId } from '@annot/workflows';
import type { BenchDatabase } from './bench-database';
import { timed } from './timing';

/** The work's value and how long it took, in milliseconds. */
export const ms = async <T>(work: () => Promise<T>): Promise<[number, T]> => {
  const { value, seconds } = await timed(work);
  return [seconds * 1000, value];
};

const items = Number(process.env.PAST_BENCH_ITEMS ?? 100_000);
const metadata = () => {
  const commandId = randomUUID();
  return { actorId: 'bench', actorRole: '40', commandId, correlationId: commandId, causationId: null, requestId: null, clientIp: null, machine: 'item@1' };
};

/** The items registered as the import registers them, chunk by chunk through the batches projection. */
async function registerProject(bench: BenchDatabase, p: { projectId: string; batchId: string; annotation: string }): Promise<void> {
  const store = new EventStore(bench.db);
  const batch = { batchId: p.batchId, projectId: p.projectId, name: 'Past' };
  await store.append(batchStreamId(p.batchId), noStream, [{ type: 'BatchCreated', data: { ...batch, priority: 1, uploadType: 'local' }, metadata: metadata() }], { projections: [batchProjection] });
  const chunk = 10_000;
  for (let first = 0, version = 0n; first < items; first += chunk, version += 1n) {
    const names = Array.from({ length: Math.min(chunk, items - first) }, (_, i) => `f${first + i}.jpg`);
    const registered: NewEvent = {
      type: 'BatchItemsRegistered',
      data: { ...batch, linkId: p.annotation, importId: p.batchId, firstSeq: first, progress: 100, fileNames: names, pathPrefix: 'past/', paths: [], sizes: names.map(() => 1000), mediaTypes: names.map(() => 'image/jpeg'), widths: names.map(() => 1920), heights: names.map(() => 1080), checksums: names.map((_, i) => String(first + i)), failedNames: [], failedReasons: [] },
      metadata: metadata(),
    };
    await store.append(batchItemsStreamId(p.batchId), version, [registered], { projections: [batchProjection, itemProjection] });
  }
}

/** One kind of work event for the items `from` to `to` (by place), at stream position `at`, written in one statement. */
async function work(bench: BenchDatabase, p: { projectId: string; batchId: string }, kind: { type: string; at: number; to: number; data: ReturnType<typeof sql> }): Promise<void> {
  await sql`
    INSERT INTO events (stream_id, stream_position, event_id, type, schema_version, data, metadata)
    SELECT 'item-' || i.item_id, ${kind.at}::bigint, gen_random_uuid(), ${kind.type}, 1,
           jsonb_build_object('itemId', i.item_id, 'projectId', ${p.projectId}::uuid) || ${kind.data},
           jsonb_build_object('actorId', 'bench', 'actorRole', '40', 'commandId', gen_random_uuid(), 'machine', 'item@1')
    FROM (SELECT md5(${p.batchId}::text || ':' || s)::uuid AS item_id FROM generate_series(0, ${kind.to - 1}) s) i`.execute(bench.db);
}

/** The project's log written, and the moment in its middle: every item submitted, none inspected. */
export interface PastBenchProject {
  p: { projectId: string; batchId: string; annotation: string; inspection: string; tagger: string; inspector: string };
  moment: string;
  items: number;
  half: number;
}

export async function writePastProject(bench: BenchDatabase, log: (line: string) => void): Promise<PastBenchProject> {
  const p = { projectId: randomUUID(), batchId: randomUUID(), annotation: randomUUID(), inspection: randomUUID(), tagger: randomUUID(), inspector: randomUUID() };
  // The project and its pipeline, as the statistics read them; the items registered after.
  const pipeline = [{ id: p.annotation, name: 'Annotation', type: 'annotation' }, { id: p.inspection, name: 'Inspection', type: 'inspection' }];
  await new EventStore(bench.db).append(projectStreamId(p.projectId), noStream, [
    { type: 'ProjectDrafted', data: { projectId: p.projectId, basics: { title: 'Past', unitPrice: 1 } }, metadata: metadata() },
    { type: 'ProjectLinksSaved', data: { projectId: p.projectId, links: pipeline }, metadata: metadata() },
  ]);
  const [registering] = await ms(() => registerProject(bench, p));
  const claim = (link: string, who: string) => sql`jsonb_build_object('linkId', ${link}::uuid, 'claimId', gen_random_uuid(), 'claimerId', ${who}::uuid, 'claimedAt', now(), 'deadline', null)`;
  const box = sql`jsonb_build_object('frameCount', 1, 'attributes', '{}'::jsonb, 'objects', jsonb_build_array(jsonb_build_object('id', 'car-1', 'toolId', ${p.tagger}::uuid, 'toolVersion', 1, 'templateType', 'box', 'attributes', jsonb_build_object('category', 'car'), 'keyframes', jsonb_build_array(jsonb_build_object('frame', 0, 'shape', jsonb_build_object('type', 'box', 'x', 10, 'y', 10, 'width', 60, 'height', 40), 'attributes', '{}'::jsonb, 'outside', false, 'source', 'drawn')))))`;
  const half = Math.floor(items / 2);
  const [writing] = await ms(async () => {
    await work(bench, p, { type: 'ItemClaimed', at: 1, to: items, data: claim(p.annotation, p.tagger) });
    await work(bench, p, { type: 'ResultSaved', at: 2, to: items, data: sql`jsonb_build_object('linkId', ${p.annotation}::uuid, 'resultVersion', 1, 'savedBy', ${p.tagger}::uuid, 'savedAt', now(), 'objectCount', 1, 'result', ${box})` });
    await work(bench, p, { type: 'ItemSubmitted', at: 3, to: items, data: sql`jsonb_build_object('linkId', ${p.annotation}::uuid, 'claimId', gen_random_uuid(), 'submittedBy', ${p.tagger}::uuid, 'submittedAt', now(), 'resultVersion', 1, 'rework', false, 'toLinkId', ${p.inspection}::uuid)` });
  });
  const { rows } = await sql<{ moment: string }>`SELECT max(global_position)::text AS moment FROM events`.execute(bench.db);
  const moment = rows[0].moment;
  await work(bench, p, { type: 'ItemClaimed', at: 4, to: half, data: claim(p.inspection, p.inspector) });
  await work(bench, p, { type: 'ItemPassed', at: 5, to: half, data: sql`jsonb_build_object('linkId', ${p.inspection}::uuid, 'inspectorId', ${p.inspector}::uuid, 'resultVersion', 1, 'toLinkId', null)` });
  await work(bench, p, { type: 'ItemFinished', at: 6, to: half, data: sql`jsonb_build_object('linkId', ${p.inspection}::uuid, 'resultVersion', 1, 'decidedBy', 'inspection')` });
  await sql`ANALYZE events`.execute(bench.db);
  await sql`ANALYZE items`.execute(bench.db);
  const { rows: counted } = await sql<{ events: string }>`SELECT count(*)::text AS events FROM events`.execute(bench.db);
  log(`  ${items.toLocaleString('en-US')} items registered in ${Math.round(registering)} ms, their work written in ${Math.round(writing)} ms; ${Number(counted[0].events).toLocaleString('en-US')} events in the log`);
  return { p, moment, items, half };
}
