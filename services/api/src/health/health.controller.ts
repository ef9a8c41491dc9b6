// Liveness and readiness: is the process up, and can it reach PostgreSQL, Redis and the current schema.
import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { sql } from 'kysely';
import { AppError, DATABASE, type Db, pendingMigrations } from '@annot/core';
import { Public } from '../identity/access/access.decorator';
import { RedisProbe } from '../jobs/redis-probe.service';

export interface Readiness {
  postgres: 'ok' | 'down';
  redis: 'ok' | 'down';
  migrations: 'ok' | 'pending' | 'unknown';
}

@ApiTags('health')
@Controller()
@Public()
export class HealthController {
  constructor(
    @Inject(DATABASE) private readonly db: Db,
    private readonly redis: RedisProbe,
  ) {}

  @Get('healthz')
  healthz(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('readyz')
  async readyz(): Promise<Readiness> {
    const [postgres, pending, redis] = await Promise.all([
      sql`SELECT 1`.execute(this.db).then(() => 'ok' as const, () => 'down' as const),
      pendingMigrations(this.db).then((names) => names, () => null),
      this.redis.reachable().then((up) => (up ? ('ok' as const) : ('down' as const))),
    ]);
    const readiness: Readiness = {
      postgres,
      redis,
      migrations: pending === null ? 'unknown' : pending.length === 0 ? 'ok' : 'pending',
    };
    if (postgres !== 'ok' || redis !== 'ok' || readiness.migrations !== 'ok') throw new NotReady(readiness);
    return readiness;
  }
}

/** 503 whose envelope still carries what is and is not ready. */
export class NotReady extends AppError {
  constructor(readiness: Readiness) {
    super(503, 'UNAVAILABLE', 'errors.unavailable', {}, [], readiness);
  }
}
