// The items of the work loop as the screens and the PM's actions read them; the claim's pool is in pool.repository.
import { Inject, Injectable } from '@nestjs/common';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { type Database, DATABASE, type Db, exactIso, iso, type RigCamera, rigCameras } from '@annot/core';
import { frameImageColumns, type ItemFrames, itemStreamId, type Page, type ProjectBasics, type ResultConfig, type SinglePicture, type ItemView, type WorkPlan, workPlanOf } from '@annot/workflows';

export type { ItemView };

export interface PoolItem {
  itemId: string;
  projectId: string;
  linkId: string | null;
}

/** What a supplier sees of a project's items: its team's share, and what its taggers hold or must rework. */
export interface TeamSight {
  teamId: string | null;
  taggerIds: readonly string[];
}

export interface ItemFilter {
  projectId: string;
  linkId?: string;
  /** Only items in these links: the ones the caller works on. */
  linkIds?: string[];
  status?: string;
  batchId?: string;
  effective?: boolean;
  claimerId?: string;
  teamId?: string;
  rework?: boolean;
  /** Only this person's own items: those it holds and the rework waiting for it. */
  ownerId?: string;
  team?: TeamSight;
  limit: number;
  cursor?: string;
}

type Items = ExpressionBuilder<Database, 'items'>;

/** Items these people hold. A claimer is only ever set on a claimed item; saying so lets the claimers' partial index serve. */
const withHolders = (eb: Items, ids: readonly string[]) => eb.and([eb('status', '=', 'claimed'), eb('claimer_id', 'in', ids)]);

/** A rejected item waits for its annotator alone, who keeps it as its preferred claimer until it is submitted again. */
const withOwner = (eb: Items, personId: string) => eb.or([withHolders(eb, [personId]), eb('preferred_claimer_id', '=', personId)]);

/**
 * A team's items: in its share, held by one of its taggers, waiting for one as rework, or last annotated by one
 * wherever the item went on to, so its data page counts the same work its statistics count.
 */
const withTeamSight = (eb: Items, sight: TeamSight) => {
  const seen = sight.teamId ? [eb('team_id', '=', sight.teamId)] : [];
  if (sight.taggerIds.length > 0) seen.push(withHolders(eb, sight.taggerIds), eb('preferred_claimer_id', 'in', sight.taggerIds), eb('annotator_id', 'in', sight.taggerIds));
  return seen.length > 0 ? eb.or(seen) : eb.lit(false);
};

/** A value that may be an item's id: uuid's shape, any version, so a file name is never cast to uuid. */
const guidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Injectable()
export class ItemsRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  async poolItem(itemId: string, db: Kysely<Database> = this.db): Promise<PoolItem | undefined> {
    return db.selectFrom('items').select(['item_id as itemId', 'project_id as projectId', 'link_id as linkId']).where('item_id', '=', itemId).executeTakeFirst();
  }

  /** The selected items of a project with where they stand; ids of other projects are left out. */
  async selection(projectId: string, itemIds: string[]): Promise<(PoolItem & { status: string })[]> {
    if (itemIds.length === 0) return [];
    return this.db
      .selectFrom('items')
      .select(['item_id as itemId', 'project_id as projectId', 'link_id as linkId', 'status'])
      .where('project_id', '=', projectId)
      .where('item_id', 'in', itemIds)
      .orderBy('item_id')
      .execute();
  }

  /** The items of a project a CSV's values may name, by data ID or by file name. */
  async named(projectId: string, values: string[]): Promise<{ itemId: string; fileName: string; deleted: boolean }[]> {
    if (values.length === 0) return [];
    const ids = values.filter((v) => guidShape.test(v)).map((v) => v.toLowerCase());
    const { rows } = await sql<{ itemId: string; fileName: string; deleted: boolean }>`
      SELECT item_id AS "itemId", file_name AS "fileName", status = 'deleted' AS deleted FROM items
      WHERE project_id = ${projectId}::uuid AND (item_id = ANY(${ids}::uuid[]) OR file_name = ANY(${values}::text[]))`.execute(this.db);
    return rows;
  }

  /** Who last submitted the item's result in an annotation link. */
  async annotatorOf(itemId: string): Promise<string | null> {
    return (await this.db.selectFrom('items').select('annotator_id').where('item_id', '=', itemId).executeTakeFirst())?.annotator_id ?? null;
  }

  async item(itemId: string): Promise<ItemView | undefined> {
    return this.items().where('item_id', '=', itemId).executeTakeFirst();
  }

  /** Items of a project by link, status, batch, effectiveness, claimer, team share and rework, by id for keyset pages. */
  async list(filter: ItemFilter): Promise<Page<ItemView>> {
    const { claimerId, ownerId, team } = filter;
    let query = this.items().where('project_id', '=', filter.projectId);
    if (filter.linkId) query = query.where('link_id', '=', filter.linkId);
    if (filter.linkIds) query = filter.linkIds.length > 0 ? query.where('link_id', 'in', filter.linkIds) : query.where(sql<boolean>`false`);
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.batchId) query = query.where('batch_id', '=', filter.batchId);
    if (filter.effective !== undefined) query = query.where('effective', '=', filter.effective);
    if (claimerId) query = query.where((eb) => withHolders(eb, [claimerId]));
    if (filter.teamId) query = query.where('team_id', '=', filter.teamId);
    if (filter.rework !== undefined) query = query.where('rework', '=', filter.rework);
    if (ownerId) query = query.where((eb) => withOwner(eb, ownerId));
    if (team) query = query.where((eb) => withTeamSight(eb, team));
    if (filter.cursor) query = query.where('item_id', '>', filter.cursor);
    const rows = await query.orderBy('item_id').limit(filter.limit + 1).execute();
    const items = rows.slice(0, filter.limit);
    return { items, nextCursor: rows.length > filter.limit ? items[items.length - 1].id : null };
  }

  /**
   * How many items of a project wait, are held or are done, per link and status: a few rows of item_counts. A
   * supplier's are only of what it sees, which no count keeps, so they are counted from its items' rows.
   */
  async counts(projectId: string, team?: TeamSight): Promise<{ linkId: string | null; status: string; count: number }[]> {
    if (!team) {
      const counted = await this.db
        .selectFrom('item_counts')
        .select(['link_id as linkId', 'status', sql<string>`sum(items)`.as('items')])
        .where('project_id', '=', projectId)
        .groupBy(['link_id', 'status'])
        .having(sql<boolean>`sum(items) <> 0`)
        .execute();
      return counted.map((r) => ({ linkId: r.linkId, status: r.status, count: Number(r.items) }));
    }
    const rows = await this.db
      .selectFrom('items')
      .select(['link_id as linkId', 'status', (eb) => eb.fn.countAll<string>().as('count')])
      .where('project_id', '=', projectId)
      .where((eb) => withTeamSight(eb, team))
      .groupBy(['link_id', 'status'])
      .execute();
    return rows.map((r) => ({ ...r, count: Number(r.count) }));
  }

  async result(itemId: string): Promise<{ version: number; result: unknown; savedBy: string; savedAt: string } | undefined> {
    return this.db
      .selectFrom('item_results')
      .select(['version', 'result', 'saved_by as savedBy', iso('saved_at').as('savedAt')])
      .where('item_id', '=', itemId)
      .executeTakeFirst();
  }

  /** The definitions of the tools a project cites, at the versions it cites, for validating results. */
  async toolDefinitions(refs: { toolId: string; toolVersion: number }[]): Promise<{ toolId: string; toolVersion: number; definition: unknown }[]> {
    if (refs.length === 0) return [];
    const rows = await this.db
      .selectFrom('tool_versions')
      .select(['tool_id as toolId', 'tool_version as toolVersion', 'definition'])
      .where('tool_id', 'in', refs.map((r) => r.toolId))
      .execute();
    return rows.filter((row) => refs.some((r) => r.toolId === row.toolId && r.toolVersion === row.toolVersion));
  }

  /** What serves an item's frames: its own file (a picture's frame 0) and, for a sequence or a video, its frame columns. */
  async framesOf(itemId: string): Promise<{ picture: SinglePicture & { checksum: string; mediaType: string }; frames: ItemFrames | null } | undefined> {
    const row = await this.db
      .selectFrom('items as d')
      .leftJoin('item_frames as f', 'f.item_id', 'd.item_id')
      .select([
        'd.file_name as fileName',
        'd.path',
        'd.width',
        'd.height',
        'd.checksum',
        'd.media_type as mediaType',
        'f.path_prefix as pathPrefix',
        'f.frame_count as count',
        'f.file_names as fileNames',
        'f.widths',
        'f.heights',
        'f.timestamps',
        'f.frame_rate as frameRate',
        'f.sensors',
      ])
      .where('d.item_id', '=', itemId)
      .executeTakeFirst();
    if (!row) return undefined;
    const { fileName, path, width, height, checksum, mediaType, pathPrefix, count, fileNames, widths, heights, timestamps, frameRate, sensors } = row;
    const frames = pathPrefix === null || count === null ? null : { pathPrefix, count, fileNames: fileNames ?? [], widths: widths ?? [], heights: heights ?? [], timestamps: timestamps ?? [], frameRate, sensors };
    return { picture: { fileName, path, width, height, checksum, mediaType }, frames };
  }

  /**
   * What the item's machine reads beside its row, in one statement: its project's plan from the project's rows, and for
   * an item marked invalid whether an inspector has confirmed the mark since, which its row does not hold.
   */
  async machineReading(item: Pick<ItemView, 'id' | 'projectId' | 'effective'>): Promise<{ plan: WorkPlan; invalidity: 'pending' | 'confirmed' | null } | undefined> {
    const judged = item.effective
      ? sql<string | null>`NULL`
      : sql<string | null>`(SELECT e.type FROM events e WHERE e.stream_id = ${itemStreamId(item.id)} AND e.type IN ('ItemMarkedInvalid', 'InvalidityConfirmed') ORDER BY e.stream_position DESC LIMIT 1)`;
    const { rows } = await sql<{ basics: ProjectBasics | null; links: { id: string; type: 'annotation' | 'inspection' }[]; judged: string | null }>`
      SELECT p.basics,
        COALESCE((SELECT json_agg(json_build_object('id', l.link_id, 'type', l.type) ORDER BY l.position) FROM project_links l WHERE l.project_id = p.project_id), '[]') AS links,
        ${judged} AS judged
      FROM projects p WHERE p.project_id = ${item.projectId}::uuid`.execute(this.db);
    const row = rows[0];
    if (!row) return undefined;
    const invalidity = item.effective ? null : row.judged === 'InvalidityConfirmed' ? 'confirmed' : 'pending';
    return { plan: workPlanOf({ basics: row.basics, links: row.links }), invalidity };
  }

  /** The text of a rule version, for the people who must read it before they claim. */
  async ruleText(ruleId: string, ruleVersion: number): Promise<{ name: string; html: string | null; fileId: string | null; fileName: string | null } | undefined> {
    return this.db
      .selectFrom('annotation_rule_versions as v')
      .innerJoin('annotation_rules as r', 'r.rule_id', 'v.rule_id')
      .select(['r.name', 'v.html', 'v.file_id as fileId', 'v.file_name as fileName'])
      .where('v.rule_id', '=', ruleId)
      .where('v.rule_version', '=', ruleVersion)
      .executeTakeFirst();
  }

  /** The item's image size (its first frame's), each frame's where they differ, its frame count and its rig's cameras, which a result is checked against. */
  async resultBounds(itemId: string): Promise<Pick<ResultConfig, 'image' | 'frameImages' | 'frameCount'> & { cameras?: RigCamera[] }> {
    const row = await this.db
      .selectFrom('items as d')
      .leftJoin('item_frames as f', 'f.item_id', 'd.item_id')
      .select(['d.width', 'd.height', 'd.frame_count', 'f.widths', 'f.heights', rigCameras('f').as('cameras')])
      .where('d.item_id', '=', itemId)
      .executeTakeFirst();
    const frameImages = row?.widths && row.heights ? frameImageColumns(row.widths, row.heights, row.frame_count) : undefined;
    return {
      image: row?.width && row.height ? { width: row.width, height: row.height } : null,
      frameCount: row?.frame_count,
      ...(frameImages ? { frameImages } : {}),
      ...(row?.cameras ? { cameras: row.cameras } : {}),
    };
  }

  /** Whether an acceptance batch naming this client acceptor holds the item (a withdrawn batch holds nothing). */
  async acceptsItem(itemId: string, acceptorId: string): Promise<boolean> {
    const { rows } = await sql`
      SELECT 1 FROM acceptance_items a JOIN acceptance_batches b ON b.batch_id = a.batch_id
      WHERE a.item_id = ${itemId}::uuid AND b.status <> 'withdrawn' AND ${acceptorId}::uuid = ANY(b.acceptor_ids) LIMIT 1`.execute(this.db);
    return rows.length > 0;
  }

  /** Whether an acceptance batch of the project names this client acceptor. */
  async acceptsIn(projectId: string, acceptorId: string): Promise<boolean> {
    const { rows } = await sql`
      SELECT 1 FROM acceptance_batches b WHERE b.project_id = ${projectId}::uuid AND ${acceptorId}::uuid = ANY(b.acceptor_ids) LIMIT 1`.execute(this.db);
    return rows.length > 0;
  }

  /** Every event of an item's work, oldest first; an algorithm's with the algorithm's names and version. */
  async history(streamId: string): Promise<{ type: string; data: unknown; actorId: string | null; actorName: string | null; at: string; algorithm: { zh: string; en: string; version: string } | null }[]> {
    return this.db
      .selectFrom('events as e')
      .leftJoin('accounts as p', (join) => join.on(sql<boolean>`p.account_id::text = e.metadata->>'actorId'`))
      .leftJoin('algorithm_versions as v', (join) => join.on(sql<boolean>`e.metadata->>'actorRole' = 'algorithm' AND v.version_id::text = e.metadata->>'actorId'`))
      .leftJoin('algorithms as a', 'a.algorithm_id', 'v.algorithm_id')
      .select([
        'e.type',
        'e.data',
        sql<string | null>`e.metadata->>'actorId'`.as('actorId'),
        'p.name as actorName',
        exactIso('e.recorded_at').as('at'),
        sql<{ zh: string; en: string; version: string } | null>`CASE WHEN v.version_id IS NULL THEN NULL ELSE json_build_object('zh', a.name_zh, 'en', a.name_en, 'version', v.version) END`.as('algorithm'),
      ])
      .where('e.stream_id', '=', streamId)
      .orderBy('e.stream_position')
      .execute();
  }

  private items() {
    return this.db
      .selectFrom('items')
      .select([
        'item_id as id',
        'batch_id as batchId',
        'project_id as projectId',
        'link_id as linkId',
        'file_name as fileName',
        'media_type as mediaType',
        'width',
        'height',
        'frame_count as frameCount',
        sql<ItemView['status']>`status`.as('status'),
        'claimer_id as claimerId',
        iso<string | null>('deadline').as('deadline'),
        'team_id as teamId',
        'preferred_claimer_id as preferredClaimerId',
        'effective',
        'invalid_reason_id as invalidReasonId',
        'object_count as objectCount',
        'submission_count as submissionCount',
        'rework_count as reworkCount',
        'rework',
        'result_version as resultVersion',
        iso<string | null>('last_saved_at').as('lastSavedAt'),
        iso<string | null>('last_submitted_at').as('lastSubmittedAt'),
        sql<string>`item_version::text`.as('version'),
      ]);
  }
}
