// The first answer to each Idempotency-Key: claimed before the request runs, filled in when it is answered.
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { DATABASE, type Db } from '@annot/core';

export interface FirstAnswer {
  fingerprint: string;
  status: number | null;
  body: unknown;
  etag: string | null;
}

/** A claim whose request died with its process is given up after this long, so the key can be used again. */
const abandonedAfterSeconds = 120;
/** Keys are remembered this long; a retry comes within minutes, not days. */
const keptHours = 24;

@Injectable()
export class IdempotentRequestsRepository {
  private lastSweep = 0;

  constructor(@Inject(DATABASE) private readonly db: Db) {}

  /** True when this request is the first with the key (or takes over an abandoned claim) and must run. */
  async claim(key: string, fingerprint: string): Promise<boolean> {
    await this.sweep();
    const inserted = await this.db
      .insertInto('idempotent_requests')
      .values({ request_key: key, fingerprint })
      .onConflict((oc) => oc.column('request_key').doNothing())
      .returning('request_key')
      .executeTakeFirst();
    if (inserted) return true;
    const taken = await this.db
      .updateTable('idempotent_requests')
      .set({ fingerprint, created_at: sql<Date>`now()` })
      .where('request_key', '=', key)
      .where('status', 'is', null)
      .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${abandonedAfterSeconds})`)
      .returning('request_key')
      .executeTakeFirst();
    return taken !== undefined;
  }

  async find(key: string): Promise<FirstAnswer | undefined> {
    return this.db.selectFrom('idempotent_requests').select(['fingerprint', 'status', 'body', 'etag']).where('request_key', '=', key).executeTakeFirst();
  }

  async settle(key: string, answer: { status: number; body: unknown; etag: string | null }): Promise<void> {
    await this.db
      .updateTable('idempotent_requests')
      .set({ status: answer.status, body: JSON.stringify(answer.body), etag: answer.etag })
      .where('request_key', '=', key)
      .execute();
  }

  /** The first request failed in a way a retry may cure (a 5xx, a dropped connection): the key is free again. */
  async release(key: string): Promise<void> {
    await this.db.deleteFrom('idempotent_requests').where('request_key', '=', key).where('status', 'is', null).execute();
  }

  private async sweep(): Promise<void> {
    if (Date.now() - this.lastSweep < 10 * 60_000) return;
    this.lastSweep = Date.now();
    await this.db.deleteFrom('idempotent_requests').where('created_at', '<', sql<Date>`now() - make_interval(hours => ${keptHours})`).execute();
  }
}
