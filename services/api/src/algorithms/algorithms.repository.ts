// The only Kysely of the algorithms context in the API: the registry, calls with their items' outcomes, and the rows
// the analysis compares.
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE, type Db, decodeCursor, encodeCursor, exactIso } from '@annot/core';
import type { AlgorithmCallItemView, AlgorithmCallScope, AlgorithmCallView, AlgorithmView, Page, VersionedEffectRow } from '@annot/workflows';
import type { Language } from '../i18n/language';
import { translate } from '../i18n/translate';

type CallRow = Omit<AlgorithmCallView, 'reason' | 'latencyMs' | 'pending' | 'scopeName'> & {
  reasonKey: string | null;
  reasonParams: Record<string, string | number> | null;
  percentiles: (number | null)[] | null;
  pending: number;
  batchName: string | null;
  linkName: string | null;
};

export interface CallFilter {
  projectId?: string;
  algorithmId?: string;
}

@Injectable()
export class AlgorithmsRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  async list(): Promise<AlgorithmView[]> {
    const rows = await this.db.selectFrom('algorithms').select('algorithm_id').orderBy('registered_at').orderBy('algorithm_id').execute();
    return this.views(rows.map((r) => r.algorithm_id));
  }

  async get(algorithmId: string): Promise<AlgorithmView | undefined> {
    return (await this.views([algorithmId]))[0];
  }

  private async views(ids: string[]): Promise<AlgorithmView[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('algorithms')
      .selectAll()
      .select(exactIso('registered_at').as('registeredAtIso'))
      .where('algorithm_id', 'in', ids)
      .orderBy('registered_at')
      .orderBy('algorithm_id')
      .execute();
    const versions = await this.db
      .selectFrom('algorithm_versions')
      .select(['algorithm_id', 'version_id', 'version', 'endpoint', 'description', exactIso('added_at').as('addedAt')])
      .where('algorithm_id', 'in', ids)
      .orderBy('seq')
      .execute();
    const volumes = await this.db
      .selectFrom('algorithm_calls')
      .select(['algorithm_id', sql<number>`sum(answered + failed)::int`.as('volume')])
      .where('algorithm_id', 'in', ids)
      .groupBy('algorithm_id')
      .execute();
    return rows.map((row) => {
      const own = versions.filter((v) => v.algorithm_id === row.algorithm_id);
      const newest = own[own.length - 1];
      return {
        id: row.algorithm_id,
        interfaceName: row.interface_name,
        nameZh: row.name_zh,
        nameEn: row.name_en,
        developer: row.developer,
        description: row.description,
        version: newest?.version ?? '',
        versionId: newest?.version_id ?? '',
        endpoint: newest?.endpoint ?? '',
        hasCredentials: row.has_credentials,
        enabled: row.enabled,
        controlGroupRatio: row.control_group_ratio,
        concurrency: row.concurrency,
        timeoutMs: row.timeout_ms,
        dataVolume: volumes.find((v) => v.algorithm_id === row.algorithm_id)?.volume ?? 0,
        registeredAt: row.registeredAtIso,
        versions: own.map((v) => ({ id: v.version_id, version: v.version, endpoint: v.endpoint, description: v.description, addedAt: v.addedAt })).reverse(),
        etag: String(row.version),
      };
    });
  }

  async interfaceNameTaken(interfaceName: string): Promise<boolean> {
    return !!(await this.db.selectFrom('algorithms').select('algorithm_id').where(sql<boolean>`lower(interface_name) = lower(${interfaceName})`).executeTakeFirst());
  }

  private selectCalls() {
    return this.db
      .selectFrom('algorithm_calls as c')
      .innerJoin('algorithms as a', 'a.algorithm_id', 'c.algorithm_id')
      .innerJoin('projects as p', 'p.project_id', 'c.project_id')
      .leftJoin('batches as b', (join) => join.on(sql<boolean>`b.batch_id::text = c.scope->>'batchId'`))
      .leftJoin('project_links as l', (join) => join.on(sql<boolean>`l.link_id::text = c.scope->>'linkId'`))
      .select([
        'c.call_id as id',
        'c.algorithm_id as algorithmId',
        sql<{ zh: string; en: string }>`json_build_object('zh', a.name_zh, 'en', a.name_en)`.as('algorithmName'),
        'c.version',
        'c.version_id as versionId',
        'c.project_id as projectId',
        'p.title as projectTitle',
        'c.scope',
        'b.name as batchName',
        'l.name as linkName',
        'c.status',
        'c.score_threshold as scoreThreshold',
        'c.control_group_ratio as controlGroupRatio',
        sql<number>`c.draw_seed::float8`.as('drawSeed'),
        'c.items',
        'c.control',
        'c.answered',
        'c.failed',
        'c.skipped',
        sql<number>`(c.items - c.control - c.answered - c.failed - c.skipped)`.as('pending'),
        'c.objects',
        sql<(number | null)[] | null>`(SELECT percentile_disc(ARRAY[0.5, 0.9, 0.99]) WITHIN GROUP (ORDER BY i.latency_ms) FROM algorithm_call_items i WHERE i.call_id = c.call_id AND i.latency_ms IS NOT NULL)`.as('percentiles'),
        'c.reason_key as reasonKey',
        'c.reason_params as reasonParams',
        exactIso<string | null>('c.resume_at').as('resumeAt'),
        'c.requested_by as requestedBy',
        exactIso('c.requested_at').as('requestedAt'),
        exactIso<string | null>('c.finished_at').as('finishedAt'),
      ]);
  }

  private callView(row: CallRow, language: Language): AlgorithmCallView {
    const { reasonKey, reasonParams, percentiles, batchName, linkName, ...view } = row;
    const [p50, p90, p99] = percentiles ?? [null, null, null];
    return {
      ...view,
      scope: view.scope as AlgorithmCallScope,
      scopeName: batchName ?? linkName ?? '',
      latencyMs: { p50, p90, p99 },
      reason: reasonKey ? translate(language, reasonKey, reasonParams ?? {}) : null,
    };
  }

  /** The project a call works on, for deciding who may read it. */
  async callProject(callId: string): Promise<string | undefined> {
    return (await this.db.selectFrom('algorithm_calls').select('project_id').where('call_id', '=', callId).executeTakeFirst())?.project_id;
  }

  async call(callId: string, language: Language): Promise<AlgorithmCallView | undefined> {
    const row = (await this.selectCalls().where('c.call_id', '=', callId).executeTakeFirst()) as CallRow | undefined;
    return row && this.callView(row, language);
  }

  async calls(filter: CallFilter, limit: number, cursor: string | undefined, language: Language): Promise<Page<AlgorithmCallView>> {
    let query = this.selectCalls().orderBy('c.requested_at', 'desc').orderBy('c.call_id', 'desc').limit(limit + 1);
    if (filter.projectId) query = query.where('c.project_id', '=', filter.projectId);
    if (filter.algorithmId) query = query.where('c.algorithm_id', '=', filter.algorithmId);
    const after = decodeCursor(cursor);
    if (after) query = query.where(sql<boolean>`(c.requested_at, c.call_id) < (${after[0]}::timestamptz, ${after[1]}::uuid)`);
    const rows = (await query.execute()) as CallRow[];
    const items = rows.slice(0, limit).map((row) => this.callView(row, language));
    const last = items[items.length - 1];
    return { items, nextCursor: rows.length > limit && last ? encodeCursor(last.requestedAt, last.id) : null };
  }

  /** A call's items in a stable order, filtered by outcome (the failed ones, say). */
  async callItems(callId: string, outcome: string | undefined, limit: number, cursor: string | undefined, language: Language): Promise<Page<AlgorithmCallItemView>> {
    let query = this.db
      .selectFrom('algorithm_call_items as i')
      .innerJoin('items as d', 'd.item_id', 'i.item_id')
      .select(['i.item_id as itemId', 'd.file_name as fileName', 'i.outcome', 'i.objects', 'i.latency_ms as latencyMs', 'i.reason_key as reasonKey', 'i.reason_params as reasonParams'])
      .where('i.call_id', '=', callId)
      .orderBy('i.item_id')
      .limit(limit + 1);
    if (outcome) query = query.where('i.outcome', '=', outcome);
    const after = decodeCursor(cursor);
    if (after) query = query.where('i.item_id', '>', after[1]);
    const rows = await query.execute();
    const items = rows.slice(0, limit).map(({ reasonKey, reasonParams, ...row }) => ({
      ...row,
      outcome: row.outcome as AlgorithmCallItemView['outcome'],
      reason: reasonKey ? translate(language, reasonKey, (reasonParams as Record<string, string | number> | null) ?? {}) : null,
    }));
    const last = items[items.length - 1];
    return { items, nextCursor: rows.length > limit && last ? encodeCursor('item', last.itemId) : null };
  }

  /** What annotators did with each submitted item of the algorithm's calls, by version and group. */
  async effectRows(algorithmId: string): Promise<VersionedEffectRow[]> {
    const rows = await this.db
      .selectFrom('algorithm_effects as e')
      .innerJoin('algorithm_calls as c', 'c.call_id', 'e.call_id')
      .select(['c.version_id as versionId', 'c.version', 'e.grp', 'e.kept', 'e.edited', 'e.deleted', 'e.added', sql<number>`e.annotation_ms::float8`.as('annotationMs'), 'e.passed'])
      .where('c.algorithm_id', '=', algorithmId)
      .where('e.state', '<>', 'open')
      .orderBy('c.requested_at', 'desc')
      .execute();
    return rows.map((r) => ({
      versionId: r.versionId,
      version: r.version,
      group: r.grp as 'answered' | 'control',
      kept: r.kept ?? 0,
      edited: r.edited ?? 0,
      deleted: r.deleted ?? 0,
      added: r.added ?? 0,
      annotationMs: r.annotationMs ?? 0,
      passed: r.passed,
    }));
  }

  /** Items in a call's scope: the batch's or the link's items, in the project named. */
  async scopeBelongs(projectId: string, scope: AlgorithmCallScope): Promise<boolean> {
    const found =
      scope.type === 'batch'
        ? await this.db.selectFrom('batches').select('batch_id').where('batch_id', '=', scope.batchId).where('project_id', '=', projectId).where('status', '<>', 'deleted').executeTakeFirst()
        : await this.db.selectFrom('project_links').select('link_id').where('link_id', '=', scope.linkId).where('project_id', '=', projectId).where('type', '=', 'annotation').executeTakeFirst();
    return !!found;
  }

  async itemMedia(itemId: string): Promise<{ path: string; mediaType: string; checksum: string } | undefined> {
    return this.db.selectFrom('items').select(['path', 'media_type as mediaType', 'checksum']).where('item_id', '=', itemId).executeTakeFirst();
  }
}
