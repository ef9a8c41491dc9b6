// Single-use, short-lived login tickets that dots_login exchanges for a token.
import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE, type Db, iso } from '@annot/core';
import { hashToken } from '../access/tokens';

const lifetimeMinutes = 5;

@Injectable()
export class LoginTickets {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  async issue(accountId: string, issuedBy: string): Promise<{ uuid: string; expiresAt: string }> {
    const uuid = randomBytes(24).toString('base64url');
    const row = await this.db
      .insertInto('login_tickets')
      .values({ ticket_hash: hashToken(uuid), account_id: accountId, issued_by: issuedBy, expires_at: sql<Date>`now() + make_interval(mins => ${lifetimeMinutes})` })
      .returning(iso('expires_at').as('expiresAt'))
      .executeTakeFirstOrThrow();
    return { uuid, expiresAt: row.expiresAt };
  }

  /** Marks the ticket used in the same statement that finds it, so two exchanges cannot both win. */
  async consume(uuid: string): Promise<string | null> {
    const row = await this.db
      .updateTable('login_tickets')
      .set({ used_at: sql<Date>`now()` })
      .where('ticket_hash', '=', hashToken(uuid))
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning('account_id')
      .executeTakeFirst();
    return row?.account_id ?? null;
  }
}
