// Sessions as sign-in reads them, and the activity that keeps an idle session from expiring.
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE, type Db } from '@annot/core';

export interface LiveSession {
  sessionId: string;
  accountId: string;
  role: string;
  name: string;
  accountStatus: string;
  tokenIssuedAt: Date;
  /** True when the token matched the one replaced by the latest rotation. */
  previousToken: boolean;
  /** True when the session's activity was marked within the last `touchEverySeconds`: no need to mark it again. */
  seenLately: boolean;
}

/** A rotated-out token keeps working this long, so requests already in flight do not fail. */
const rotationGraceSeconds = 120;

/**
 * A session's activity is marked at most this often. Marking it is a write (an upsert that finds the row locks it even
 * when it changes nothing), so each request would otherwise wait for a flush of the write-ahead log.
 */
const touchEverySeconds = 30;

@Injectable()
export class SessionsRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  async findLive(tokenHash: string, idleMinutes: number): Promise<LiveSession | undefined> {
    const row = await this.live(idleMinutes, tokenHash)
      .where((eb) =>
        eb.or([
          eb('s.token_hash', '=', tokenHash),
          eb.and([
            eb('s.previous_token_hash', '=', tokenHash),
            eb('s.token_issued_at', '>', sql<Date>`now() - make_interval(secs => ${rotationGraceSeconds})`),
          ]),
        ]),
      )
      .executeTakeFirst();
    return row as LiveSession | undefined;
  }

  /** The session a stream ticket names, if it is still open and not idle. */
  async findLiveById(sessionId: string, idleMinutes: number): Promise<LiveSession | undefined> {
    const row = await this.live(idleMinutes, null).where('s.session_id', '=', sessionId).executeTakeFirst();
    return row as LiveSession | undefined;
  }

  private live(idleMinutes: number, tokenHash: string | null) {
    return this.db
      .selectFrom('sessions as s')
      .innerJoin('accounts as a', 'a.account_id', 's.account_id')
      .leftJoin('session_activity as sa', 'sa.session_id', 's.session_id')
      .select([
        's.session_id as sessionId',
        's.account_id as accountId',
        'a.role',
        'a.name',
        'a.status as accountStatus',
        's.token_issued_at as tokenIssuedAt',
        sql<boolean>`${tokenHash !== null} and s.token_hash <> ${tokenHash ?? ''}`.as('previousToken'),
        sql<boolean>`coalesce(sa.last_seen_at >= now() - make_interval(secs => ${touchEverySeconds}), false)`.as('seenLately'),
      ])
      .where('s.ended_at', 'is', null)
      .where(sql<boolean>`coalesce(sa.last_seen_at, s.started_at) > now() - make_interval(mins => ${idleMinutes})`);
  }

  /** Sessions of an account that are open and not idle: the ones a new sign-in would kick out. */
  async liveSessionIds(accountId: string, idleMinutes: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('sessions as s')
      .leftJoin('session_activity as sa', 'sa.session_id', 's.session_id')
      .select('s.session_id')
      .where('s.account_id', '=', accountId)
      .where('s.ended_at', 'is', null)
      .where(sql<boolean>`coalesce(sa.last_seen_at, s.started_at) > now() - make_interval(mins => ${idleMinutes})`)
      .execute();
    return rows.map((r) => r.session_id);
  }

  /**
   * Marks a session used, unless it was marked lately: the session as `findLive` read it says whether, so most requests
   * write nothing. Requests side by side that all read it stale write it once.
   */
  async touch(session: Pick<LiveSession, 'sessionId' | 'seenLately'>): Promise<void> {
    if (session.seenLately) return;
    await sql`
      INSERT INTO session_activity (session_id, last_seen_at) VALUES (${session.sessionId}, now())
      ON CONFLICT (session_id) DO UPDATE SET last_seen_at = now()
      WHERE session_activity.last_seen_at < now() - make_interval(secs => ${touchEverySeconds})`.execute(this.db);
  }
}
