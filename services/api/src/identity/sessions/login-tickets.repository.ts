// The only Kysely of login tickets: each stored by its hash, used once, before it expires.
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE, type Db, iso } from '@annot/core';

@Injectable()
export class LoginTicketsRepository {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  /** Stores a ticket that expires `lifetimeMinutes` from now by the database's clock; answers when, in ISO 8601. */
  async insert(ticketHash: string, accountId: string, issuedBy: string, lifetimeMinutes: number): Promise<string> {
    const row = await this.db
      .insertInto('login_tickets')
      .values({ ticket_hash: ticketHash, account_id: accountId, issued_by: issuedBy, expires_at: sql<Date>`now() + make_interval(mins => ${lifetimeMinutes})` })
      .returning(iso('expires_at').as('expiresAt'))
      .executeTakeFirstOrThrow();
    return row.expiresAt;
  }

  /** Marks the ticket used in the same statement that finds it, so two exchanges cannot both win; answers its account. */
  async consume(ticketHash: string): Promise<string | null> {
    const row = await this.db
      .updateTable('login_tickets')
      .set({ used_at: sql<Date>`now()` })
      .where('ticket_hash', '=', ticketHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning('account_id')
      .executeTakeFirst();
    return row?.account_id ?? null;
  }
}
