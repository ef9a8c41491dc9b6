// Given/when/then for the specs of command handlers beside the services: one database per spec file; given events
// appended through the command pipeline with their inline projections, as the commands that write them would; then
// the events a command appended after a mark (type, actor, data), the refusal it gave, and the rows it left.
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Request } from 'express';
import { afterAll, beforeAll } from 'vitest';
import {
  accountLifecycle,
  type Actor,
  AppError,
  batchLifecycle,
  CommandPipeline,
  commandContext,
  type CommandContext,
  type Db,
  EventStore,
  type Lifecycle,
  projectLifecycle,
  toolLifecycle,
} from '@annot/core';
import {
  accountStreamId,
  batchItemsStreamId,
  batchMachine,
  batchStreamId,
  type DomainEvent,
  type ErrorMark,
  type ItemEvent,
  itemStreamId,
  projectBasics,
  projectStreamId,
  type ResultDocument,
  type ToolInput,
  toolStreamId,
} from '@annot/workflows';
import { envelopeOf } from '../../services/api/src/http/app-exception.filter';
import type { Envelope } from '../../services/api/src/http/envelope';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface Spec {
  db: Db;
  pipeline: CommandPipeline;
}

/** One database for the spec file, cloned from the migrated template before its first case and dropped after its last. */
export function specDatabase(): Spec {
  let test: TestDatabase;
  const spec = {} as Spec;
  beforeAll(async () => {
    test = await createTestDatabase({ max: 4 });
    spec.db = test.db;
    spec.pipeline = new CommandPipeline(new EventStore(test.db), test.db);
  });
  afterAll(async () => test?.drop());
  return spec;
}

/** A person with a fresh id: the actor of the commands they ask for. */
export const person = (role: string): Actor => ({ id: randomUUID(), role });
export const as = (actor: Actor): CommandContext => commandContext(actor);

/** Appends events to a stream at its current version through the pipeline, as `actor`, with the lifecycle's projections. */
export async function given<S, E extends DomainEvent>(spec: Spec, lifecycle: Lifecycle<S, E>, streamId: string, actor: Actor, events: DomainEvent[]): Promise<void> {
  await spec.pipeline.transact(as(actor), async (unit) => {
    const { version } = await unit.load(lifecycle, streamId);
    unit.record(streamId, version, events, lifecycle.machine, lifecycle.projections);
  });
}

/** The log's last position: what a command appends after it is what `appended` reads. */
export async function mark(spec: Spec): Promise<bigint> {
  const { rows } = await sql<{ at: string | null }>`SELECT max(global_position)::text AS at FROM events`.execute(spec.db);
  return BigInt(rows[0].at ?? 0);
}

export interface Appended {
  stream: string;
  type: string;
  actor: string;
  data: Record<string, unknown>;
}

/** The events appended since the mark, in log order, with the actor their metadata names. */
export async function appended(spec: Spec, since: bigint): Promise<Appended[]> {
  const { rows } = await sql<Appended>`
    SELECT stream_id AS stream, type, metadata->>'actorId' AS actor, data FROM events WHERE global_position > ${since.toString()}::bigint ORDER BY global_position`.execute(spec.db);
  return rows;
}

/** A reader of English, as the envelope finds the caller's language in the request. */
const englishReader = { headers: { language: 'en_US' }, cookies: {} } as unknown as Request;

/**
 * What a refused command answers: status, error code and message key (with its parameters, for the cases that name
 * them), and the envelope an English reader gets, with its message and field messages as they are read.
 */
export async function refusalOf(work: Promise<unknown>): Promise<{ status: number; errCode: string; messageKey: string; params: Record<string, unknown>; envelope: Envelope }> {
  try {
    await work;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { status: error.status, errCode: error.errCode, messageKey: error.messageKey, params: error.params, envelope: envelopeOf(error, englishReader) };
  }
  throw new Error('the command was not refused');
}

export interface SpecProject {
  projectId: string;
  annotation: string;
  inspection: string;
  pm: Actor;
  tagger: Actor;
  inspector: Actor;
  /** The ids of the tools the project cites, in the order the options gave them, each at version 1. */
  toolIds: string[];
}

export interface ProjectOptions {
  /** Tools created in the catalog and cited by the project before it is published. */
  tools?: ToolInput[];
  reworkMaxCount?: number;
  autoRecycleMinutes?: number;
  inspectorMayModify?: boolean;
  repairAfterAcceptance?: boolean;
  samplingPassThreshold?: number;
}

/** A published project of an annotation link and an inspection link, its tagger and inspector on them. */
export async function givenProject(spec: Spec, options: ProjectOptions = {}): Promise<SpecProject> {
  const tools = (options.tools ?? []).map((definition) => ({ toolId: randomUUID(), definition }));
  const project = { projectId: randomUUID(), annotation: randomUUID(), inspection: randomUUID(), pm: person('10'), tagger: person('40'), inspector: person('40'), toolIds: tools.map((t) => t.toolId) };
  for (const { toolId, definition } of tools) {
    await given(spec, toolLifecycle, toolStreamId(toolId), project.pm, [{ type: 'ToolCreated', data: { toolId, toolVersion: 1, definition } }]);
  }
  const ref = { projectId: project.projectId, title: 'Street objects' };
  const basics = projectBasics.parse({
    title: ref.title,
    type: 'formal',
    annotationType: 'picture_single_frame',
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    unitPrice: 0,
    reworkMaxCount: options.reworkMaxCount ?? 1,
    autoRecycle: options.autoRecycleMinutes ? { enabled: true, timeoutMinutes: options.autoRecycleMinutes } : { enabled: false },
    permissions: { inspectorMayModify: options.inspectorMayModify ?? false, repairAfterAcceptance: options.repairAfterAcceptance ?? false },
    ...(options.samplingPassThreshold === undefined ? {} : { samplingPassThreshold: options.samplingPassThreshold }),
  });
  const links = [
    { id: project.annotation, type: 'annotation', name: 'Annotate' },
    { id: project.inspection, type: 'inspection', name: 'Inspect' },
  ];
  await given(spec, projectLifecycle, projectStreamId(project.projectId), project.pm, [
    { type: 'ProjectDrafted', data: { ...ref, basics, clonedFrom: null } },
    ...(tools.length > 0 ? [{ type: 'ProjectToolsSaved', data: { ...ref, tools: tools.map((t) => ({ toolId: t.toolId, toolVersion: 1 })), groups: [] } }] : []),
    { type: 'ProjectLinksSaved', data: { ...ref, links } },
    { type: 'ProjectPublished', data: ref },
    { type: 'LinkMembersAssigned', data: { ...ref, linkId: project.annotation, teamIds: [], taggerIds: [project.tagger.id] } },
    { type: 'LinkMembersAssigned', data: { ...ref, linkId: project.inspection, teamIds: [], taggerIds: [project.inspector.id] } },
  ]);
  return project;
}

/**
 * `count` pictures of a new batch waiting in the project's annotation pool (or in no link, as an import before the
 * project had links left them), as an import registers them; their ids in batch order.
 */
export async function givenItems(spec: Spec, project: SpecProject, count: number, linkId: string | null = project.annotation): Promise<{ batchId: string; itemIds: string[] }> {
  const batchId = randomUUID();
  const batch = { batchId, projectId: project.projectId, name: `Batch ${batchId.slice(0, 4)}` };
  await given(spec, batchLifecycle, batchStreamId(batchId), project.pm, [{ type: 'BatchCreated', data: { ...batch, priority: 1, uploadType: 'local' } }]);
  const names = Array.from({ length: count }, (_, i) => `frame-${i}.jpg`);
  const chunk = {
    ...batch,
    linkId,
    importId: randomUUID(),
    firstSeq: 0,
    progress: 100,
    fileNames: names,
    pathPrefix: `${batchId}/`,
    paths: [],
    sizes: names.map(() => 1000),
    mediaTypes: names.map(() => 'image/jpeg'),
    widths: names.map(() => 640),
    heights: names.map(() => 480),
    checksums: names.map((name) => `${batchId}:${name}`),
    failedNames: [],
    failedReasons: [],
  };
  await spec.pipeline.transact(as(project.pm), async (unit) => {
    unit.record(batchItemsStreamId(batchId), 0n, [{ type: 'BatchItemsRegistered', data: chunk }], batchMachine, batchLifecycle.projections);
  });
  const rows = await spec.db.selectFrom('items').select('item_id').where('batch_id', '=', batchId).orderBy('seq').execute();
  return { batchId, itemIds: rows.map((r) => r.item_id) };
}

/** An account as the identity context creates it: an active one with the role given. */
export async function givenAccount(spec: Spec, actor: Actor, by: Actor): Promise<void> {
  const profile = { name: `Person ${actor.id.slice(0, 4)}`, account: `p-${actor.id}`, phone: null, email: null, role: actor.role, teamId: null, company: null };
  await given(spec, accountLifecycle, accountStreamId(actor.id), by, [{ type: 'AccountCreated', data: { ...profile, accountId: actor.id, passwordHash: 'not-a-hash' } }]);
}

const at = () => new Date().toISOString();
const emptyResult = { frameCount: 1, objects: [], attributes: {} };

/** An item's events as its deciders write them, for histories written tersely. */
export function itemEvents(project: SpecProject, itemId: string) {
  const ref = { itemId, projectId: project.projectId };
  return {
    claimed: (linkId: string, claimerId: string, claimId = randomUUID(), deadline: string | null = null): ItemEvent => ({
      type: 'ItemClaimed',
      data: { ...ref, linkId, claimId, claimerId, claimedAt: at(), deadline },
    }),
    saved: (by: string, resultVersion = 1, result: ResultDocument = emptyResult): ItemEvent => ({
      type: 'ResultSaved',
      data: { ...ref, linkId: project.annotation, resultVersion, savedBy: by, savedAt: at(), objectCount: result.objects.length, result },
    }),
    submitted: (by: string, claimId: string, resultVersion = 1): ItemEvent => ({
      type: 'ItemSubmitted',
      data: { ...ref, linkId: project.annotation, claimId, submittedBy: by, submittedAt: at(), resultVersion, rework: false, toLinkId: project.inspection },
    }),
    markedInvalid: (by: string, reasonId: string): ItemEvent => ({ type: 'ItemMarkedInvalid', data: { ...ref, linkId: project.annotation, markedBy: by, reasonId } }),
    passed: (by: string, resultVersion = 1): ItemEvent => ({ type: 'ItemPassed', data: { ...ref, linkId: project.inspection, inspectorId: by, resultVersion, toLinkId: null } }),
    finished: (resultVersion = 1): ItemEvent => ({ type: 'ItemFinished', data: { ...ref, linkId: project.inspection, resultVersion, decidedBy: 'inspection' } }),
    rejected: (by: string, reworkCount: number, marks: ErrorMark[]): ItemEvent => ({
      type: 'ItemRejected',
      data: { ...ref, linkId: project.inspection, inspectorId: by, resultVersion: 1, marks, toLinkId: project.annotation, preferredClaimerId: project.tagger.id, reworkCount },
    }),
    held: (reworkCount: number, reworkMaxCount: number): ItemEvent => ({ type: 'ItemHeld', data: { ...ref, linkId: project.annotation, reworkCount, reworkMaxCount } }),
  };
}

/** The tagger claimed, saved and submitted the item; the inspector claimed it: it waits for a verdict. */
export function inInspection(project: SpecProject, itemId: string): ItemEvent[] {
  const happened = itemEvents(project, itemId);
  const claimId = randomUUID();
  return [
    happened.claimed(project.annotation, project.tagger.id, claimId),
    happened.saved(project.tagger.id),
    happened.submitted(project.tagger.id, claimId),
    happened.claimed(project.inspection, project.inspector.id),
  ];
}

/** The item went through both links and finished with result version 1, annotated by the project's tagger. */
export const finished = (project: SpecProject, itemId: string): ItemEvent[] => {
  const happened = itemEvents(project, itemId);
  return [...inInspection(project, itemId), happened.passed(project.inspector.id), happened.finished()];
};

export const itemStream = itemStreamId;

/** A mark of one of the project's error groups as an inspector leaves it. */
export const errorMark = (value: string): ErrorMark => ({ errorGroupId: randomUUID(), value, objectId: null, frame: null, spot: null, comment: '' });
