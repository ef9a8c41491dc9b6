// Failed sign-ins, counted per account name and per address, so guessing is slowed without saying which accounts exist.
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { AppError, DATABASE, type Db } from '@annot/core';

const windowMinutes = 15;
const perAccount = 5;
const perAddress = 30;

@Injectable()
export class SignInThrottle {
  constructor(@Inject(DATABASE) private readonly db: Db) {}

  async assertAllowed(account: string, clientIp: string | null): Promise<void> {
    const { rows } = await sql<{ by_account: number; by_address: number }>`
      SELECT count(*) FILTER (WHERE account = ${account.toLowerCase()})::int AS by_account,
             count(*) FILTER (WHERE client_ip = ${clientIp})::int AS by_address
      FROM login_failures
      WHERE failed_at > now() - make_interval(mins => ${windowMinutes})
        AND (account = ${account.toLowerCase()} OR client_ip = ${clientIp})`.execute(this.db);
    if (rows[0].by_account >= perAccount || rows[0].by_address >= perAddress) {
      throw new AppError(429, 'RATE_LIMITED', 'identity.too_many_failures', { minutes: windowMinutes, count: windowMinutes });
    }
  }

  async recordFailure(account: string, clientIp: string | null): Promise<void> {
    await this.db.insertInto('login_failures').values({ account: account.toLowerCase(), client_ip: clientIp }).execute();
  }

  async clear(account: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('account', '=', account.toLowerCase()).execute();
  }
}
