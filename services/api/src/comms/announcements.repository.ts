// The only Kysely of announcements in the API: the management table, and the notices a reader is in the scope of.
import { Inject, Injectable } from '@nestjs/common';
import { type ExpressionBuilder, sql } from 'kysely';
import { type Actor, DATABASE, type Database, type Db, decodeCursor, encodeCursor, exactIso } from '@annot/core';
import {
  type AnnouncementReader,
  type AnnouncementScope,
  type AnnouncementStatus,
  type AnnouncementSummary,
  type AnnouncementView,
  isEveryone,
  type NoticeSummary,
  type NoticeView,
  type Page,
} from '@annot/workflows';

type Row = ExpressionBuilder<Database, 'announcements'>;

/** The SQL twin of `inScope`: everyone, or the reader's role, team or own account among the chosen. */
const withReaderInScope = (reader: AnnouncementReader) => (eb: Row) =>
  eb.or([
    eb('everyone', '=', true),
    sql<boolean>`${reader.role} = ANY(scope_roles)`,
    ...(reader.teamId ? [sql<boolean>`${reader.teamId}::uuid = ANY(scope_team_ids)`] : []),
    sql<boolean>`${reader.accountId}::uuid = ANY(scope_account_ids)`,
  ]);

const summaryColumns = [
  'announcement_id as id',
  'title',
  'scope',
  'status',
  exactIso<string | null>('publish_at').as('publishAt'),
  exactIso<string | null>('published_at').as('publishedAt'),
  exactIso('created_at').as('createdAt'),
  exactIso('updated_at').as('updatedAt'),
] as const;

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Injectable()
export class AnnouncementsRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  /** Newest first, of one status or all. */
  async list(status: AnnouncementStatus | undefined, limit: number, cursor: string | undefined): Promise<Page<AnnouncementSummary>> {
    let query = this.db.selectFrom('announcements').select(summaryColumns).orderBy('created_at', 'desc').orderBy('announcement_id', 'desc').limit(limit + 1);
    if (status) query = query.where('status', '=', status);
    const after = decodeCursor(cursor);
    if (after) query = query.where(sql<boolean>`(created_at, announcement_id) < (${after[0]}::timestamptz, ${after[1]}::uuid)`);
    const rows = await query.execute();
    const items = rows.slice(0, limit).map((r) => ({ ...r, scope: r.scope as AnnouncementScope, status: r.status as AnnouncementStatus }));
    const last = items[items.length - 1];
    return { items, nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null };
  }

  async get(announcementId: string): Promise<AnnouncementView | undefined> {
    const row = await this.db
      .selectFrom('announcements')
      .select([...summaryColumns, 'content', 'version'])
      .where('announcement_id', '=', announcementId)
      .executeTakeFirst();
    if (!row) return undefined;
    const { version, ...view } = row;
    const scope = view.scope as AnnouncementScope;
    return { ...view, scope, status: view.status as AnnouncementStatus, chosen: await this.chosen(scope), etag: String(version) };
  }

  private async chosen(scope: AnnouncementScope): Promise<AnnouncementView['chosen']> {
    if (isEveryone(scope)) return { teams: [], people: [] };
    const teams = scope.teamIds.length > 0 ? await this.db.selectFrom('teams').select(['team_id as id', 'name']).where('team_id', 'in', scope.teamIds).orderBy('name').execute() : [];
    const people =
      scope.accountIds.length > 0
        ? await this.db.selectFrom('accounts').select(['account_id as id', sql<string>`name || ' (' || account || ')'`.as('name')]).where('account_id', 'in', scope.accountIds).orderBy('name').execute()
        : [];
    return { teams, people };
  }

  /** Whom the caller is, as a scope asks: the account's role and team as the accounts projection has them. */
  async reader(actor: Actor): Promise<AnnouncementReader> {
    const account = uuidShape.test(actor.id) ? await this.db.selectFrom('accounts').select(['role', 'team_id']).where('account_id', '=', actor.id).executeTakeFirst() : undefined;
    return { accountId: actor.id, role: account?.role ?? actor.role, teamId: account?.team_id ?? null };
  }

  /** The published announcements the reader is in the scope of, newest first. */
  async notices(reader: AnnouncementReader, limit: number, cursor: string | undefined): Promise<Page<NoticeSummary>> {
    let query = this.db
      .selectFrom('announcements')
      .select(['announcement_id as id', 'title', exactIso('published_at').as('publishedAt')])
      .where('status', '=', 'published')
      .where(withReaderInScope(reader))
      .orderBy('published_at', 'desc')
      .orderBy('announcement_id', 'desc')
      .limit(limit + 1);
    const after = decodeCursor(cursor);
    if (after) query = query.where(sql<boolean>`(published_at, announcement_id) < (${after[0]}::timestamptz, ${after[1]}::uuid)`);
    const rows = await query.execute();
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    return { items, nextCursor: rows.length > limit && last ? encodeCursor(last.publishedAt, last.id) : null };
  }

  /** One published announcement with its scope, for the caller to check the reader against. */
  async published(announcementId: string): Promise<(NoticeView & { scope: AnnouncementScope }) | undefined> {
    const row = await this.db
      .selectFrom('announcements')
      .select(['announcement_id as id', 'title', 'content', 'scope', exactIso('published_at').as('publishedAt')])
      .where('announcement_id', '=', announcementId)
      .where('status', '=', 'published')
      .executeTakeFirst();
    return row && { ...row, scope: row.scope as AnnouncementScope };
  }
}
