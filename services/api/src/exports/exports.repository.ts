// The only Kysely of the exports context in the API: export records as the export page lists them, and what the
// export form offers for a project.
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { type AppConfig, CONFIG, DATABASE, type Db, decodeCursor, encodeCursor, exactIso } from '@annot/core';
import type { ExportDestinationType, ExportOptions, ExportView, Page } from '@annot/workflows';
import type { Language } from '../i18n/language';
import { translate } from '../i18n/translate';

type Row = Omit<ExportView, 'reason'> & { reasonKey: string | null; reasonParams: Record<string, string | number> | null };

@Injectable()
export class ExportsRepository {
  constructor(
    @Inject(DATABASE) private readonly db: Db,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  private select() {
    return this.db
      .selectFrom('export_records')
      .select([
        'export_id as exportId',
        'project_id as projectId',
        'format',
        'scope',
        'with_media as withMedia',
        'naming',
        'file_name as fileName',
        'destination',
        'status',
        'requested_by as requestedBy',
        exactIso('requested_at').as('requestedAt'),
        exactIso<string | null>('started_at').as('startedAt'),
        sql<string | null>`started_position::text`.as('startedPosition'),
        sql<string | null>`(SELECT l.seq::text FROM audit_ledger l WHERE l.global_position = export_records.started_position)`.as('ledgerSeq'),
        'attempts',
        exactIso<string | null>('finished_at').as('finishedAt'),
        'took_ms as tookMs',
        'items',
        'objects',
        sql<number>`bytes::float8`.as('bytes'),
        'location',
        exactIso<string | null>('expires_at').as('expiresAt'),
        'reason_key as reasonKey',
        'reason_params as reasonParams',
      ]);
  }

  private view(row: Row, language: Language): ExportView {
    const { reasonKey, reasonParams, ...view } = row;
    return { ...view, reason: reasonKey ? translate(language, reasonKey, reasonParams ?? {}) : null };
  }

  async get(exportId: string, language: Language): Promise<ExportView | undefined> {
    const row = (await this.select().where('export_id', '=', exportId).executeTakeFirst()) as Row | undefined;
    return row && this.view(row, language);
  }

  async list(projectId: string, limit: number, cursor: string | undefined, language: Language): Promise<Page<ExportView>> {
    let query = this.select().where('project_id', '=', projectId).orderBy('requested_at', 'desc').orderBy('export_id', 'desc').limit(limit + 1);
    const after = decodeCursor(cursor);
    if (after) query = query.where(sql<boolean>`(requested_at, export_id) < (${after[0]}::timestamptz, ${after[1]}::uuid)`);
    const rows = (await query.execute()) as Row[];
    const items = rows.slice(0, limit).map((row) => this.view(row, language));
    const last = items[items.length - 1];
    return { items, nextCursor: rows.length > limit && last ? encodeCursor(last.requestedAt, last.exportId) : null };
  }

  async options(projectId: string): Promise<ExportOptions> {
    const batches = await this.db
      .selectFrom('batches')
      .select(['batch_id as id', 'name', 'items'])
      .where('project_id', '=', projectId)
      .where('status', '<>', 'deleted')
      .orderBy('created_at')
      .execute();
    const links = await this.db.selectFrom('project_links').select(['link_id as id', 'name', 'type']).where('project_id', '=', projectId).orderBy('position').execute();
    return { batches, links, destinations: this.destinations(), dataRule: await this.dataRule(projectId), retentionDays: this.config.exportRetentionDays };
  }

  /** Where an export may go here: a download and the server folder always, a bucket where one is configured. */
  destinations(): ExportDestinationType[] {
    const { cos, oss } = this.config.objectStores;
    return ['download', 'folder', ...(cos ? ['cos' as const] : []), ...(oss ? ['oss' as const] : [])];
  }

  /** The import/export data rule version the project cites, with its name. */
  async dataRule(projectId: string): Promise<ExportOptions['dataRule']> {
    const project = await this.db.selectFrom('projects').select(['rules']).where('project_id', '=', projectId).executeTakeFirst();
    const cited = (project?.rules as { dataRule?: { ruleId: string; ruleVersion: number } | null } | null)?.dataRule;
    if (!cited) return null;
    const rule = await this.db.selectFrom('data_rules').select(['name']).where('rule_id', '=', cited.ruleId).executeTakeFirst();
    return rule ? { ...cited, name: rule.name } : null;
  }

  async batchNames(projectId: string, batchIds: string[]): Promise<{ id: string; name: string }[]> {
    if (batchIds.length === 0) return [];
    return this.db.selectFrom('batches').select(['batch_id as id', 'name']).where('project_id', '=', projectId).where('batch_id', 'in', batchIds).execute();
  }

  async linkIds(projectId: string): Promise<string[]> {
    return (await this.db.selectFrom('project_links').select(['link_id']).where('project_id', '=', projectId).execute()).map((l) => l.link_id);
  }

  async projectTitle(projectId: string): Promise<string | undefined> {
    return (await this.db.selectFrom('projects').select(['title']).where('project_id', '=', projectId).executeTakeFirst())?.title;
  }
}
