// The only Kysely of the identity context's accounts and teams: sign-in look-ups, personnel and team lists.
import { Inject, Injectable } from '@nestjs/common';
import { type ExpressionBuilder, sql } from 'kysely';
import { type Database, DATABASE, type Db, decodeCursor, encodeCursor, exactIso } from '@annot/core';
import type { Page, PersonView, TeamView } from '@annot/workflows';

/** An ILIKE pattern matching the keyword anywhere, its own wildcards taken literally. */
const containing = (keyword: string) => `%${keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

export interface SignInCandidate {
  id: string;
  name: string;
  role: string;
  account: string;
  phone: string | null;
  email: string | null;
  status: string;
  passwordHash: string;
  dingTalkAccount: string | null;
}

export interface PeopleFilter {
  role?: string;
  roles?: readonly string[];
  status?: string;
  teamId?: string;
  keyword?: string;
  limit: number;
  cursor?: string;
}

/** An account is known by its account name, its phone or its email, whichever the person types. */
const knownAs = (login: string) => (eb: ExpressionBuilder<Database, 'accounts'>) =>
  eb.or([
    eb(sql`lower(accounts.account)`, '=', login.toLowerCase()),
    eb('accounts.phone', '=', login),
    eb(sql`lower(accounts.email)`, '=', login.toLowerCase()),
  ]);

@Injectable()
export class AccountsRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  async candidates(login: string, roles: readonly string[]): Promise<SignInCandidate[]> {
    if (roles.length === 0) return [];
    const rows = await this.db
      .selectFrom('accounts')
      .select([
        'account_id as id',
        'name',
        'role',
        'account',
        'phone',
        'email',
        'status',
        'password_hash as passwordHash',
        'ding_talk_account as dingTalkAccount',
      ])
      .where(knownAs(login))
      .where('role', 'in', [...roles])
      .orderBy('created_at')
      .execute();
    return rows;
  }

  async exists(login: string, role: string): Promise<boolean> {
    return (await this.candidates(login, [role])).length > 0;
  }

  async byId(id: string): Promise<SignInCandidate | undefined> {
    return this.db
      .selectFrom('accounts')
      .select(['account_id as id', 'name', 'role', 'account', 'phone', 'email', 'status', 'password_hash as passwordHash', 'ding_talk_account as dingTalkAccount'])
      .where('account_id', '=', id)
      .executeTakeFirst();
  }

  async adminExists(): Promise<boolean> {
    return !!(await this.db.selectFrom('accounts').select('account_id').where('role', '=', '01').limit(1).executeTakeFirst());
  }

  private people() {
    return this.db
      .selectFrom('accounts as a')
      .leftJoin('teams as t', 't.team_id', 'a.team_id')
      .select([
        'a.account_id as id',
        'a.name',
        'a.account',
        'a.phone',
        'a.email',
        'a.role',
        'a.team_id as teamId',
        't.name as teamName',
        'a.company',
        'a.status',
        exactIso('a.created_at').as('createdAt'),
        exactIso<string | null>('a.last_login_at').as('lastLoginAt'),
        'a.version',
      ]);
  }

  async person(id: string): Promise<PersonView | undefined> {
    return (await this.people().where('a.account_id', '=', id).executeTakeFirst()) as PersonView | undefined;
  }

  async listPeople(filter: PeopleFilter): Promise<Page<PersonView>> {
    let query = this.people().orderBy('a.created_at', 'desc').orderBy('a.account_id', 'desc').limit(filter.limit + 1);
    if (filter.role) query = query.where('a.role', '=', filter.role);
    if (filter.roles) query = query.where('a.role', 'in', [...filter.roles]);
    if (filter.status) query = query.where('a.status', '=', filter.status);
    if (filter.teamId) query = query.where('a.team_id', '=', filter.teamId);
    if (filter.keyword) {
      const like = containing(filter.keyword);
      query = query.where((eb) => eb.or([eb('a.name', 'ilike', like), eb('a.account', 'ilike', like), eb('a.phone', 'ilike', like), eb('a.email', 'ilike', like)]));
    }
    const after = decodeCursor(filter.cursor);
    if (after) query = query.where(sql<boolean>`(a.created_at, a.account_id) < (${after[0]}::timestamptz, ${after[1]}::uuid)`);
    const rows = (await query.execute()) as PersonView[];
    const items = rows.slice(0, filter.limit);
    const last = items[items.length - 1];
    return { items, nextCursor: rows.length > filter.limit && last ? encodeCursor(last.createdAt, last.id) : null };
  }

  async teams(keyword?: string): Promise<TeamView[]> {
    let query = this.db.selectFrom('teams as t');
    if (keyword) query = query.where((eb) => eb.or([eb('t.name', 'ilike', containing(keyword)), eb('t.mobile', 'ilike', containing(keyword))]));
    return (await query
      .select([
        't.team_id as id',
        't.name',
        't.organisation_id as organisationId',
        't.hive_id as hiveId',
        't.size',
        't.mobile',
        sql<number>`(SELECT count(*)::int FROM accounts a WHERE a.team_id = t.team_id)`.as('members'),
        exactIso('t.created_at').as('createdAt'),
        't.version',
      ])
      .orderBy('t.created_at', 'desc')
      .execute()) as TeamView[];
  }

  async teamByOrganisation(organisationId: string): Promise<string | null> {
    const row = await this.db.selectFrom('teams').select('team_id').where('organisation_id', '=', organisationId).executeTakeFirst();
    return row?.team_id ?? null;
  }

  async teamExists(teamId: string): Promise<boolean> {
    return !!(await this.db.selectFrom('teams').select('team_id').where('team_id', '=', teamId).executeTakeFirst());
  }

  async teamNameTaken(name: string, exceptTeamId: string | null): Promise<boolean> {
    let query = this.db.selectFrom('teams').select('team_id').where(sql`lower(name)`, '=', name.toLowerCase());
    if (exceptTeamId) query = query.where('team_id', '<>', exceptTeamId);
    return !!(await query.executeTakeFirst());
  }
}
