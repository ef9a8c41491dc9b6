// Liveness and readiness: is the process up, and can it reach PostgreSQL, Redis and the current schema.
import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { sql } from 'kysely';
import { AppError, DATABASE, type Db, pendingMigrations } from '@annot/core';
import { Public } from '../identity/access/access.decorator';
import { Can } from '../identity/access/can.decorator';
import { EventStreams } from '../jobs/event-streams.service';
import { RedisProbe } from '../jobs/redis-probe.service';

export interface Readiness {
  postgres: 'ok' | 'down';
  redis: 'ok' | 'down';
  migrations: 'ok' | 'pending' | 'unknown';
}

/** What the admin's card reads besides readiness: the events streams this API process holds open. */
export interface SystemHealth extends Readiness {
  eventStreams: number;
}

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(
    @Inject(DATABASE) private readonly db: Db,
    private readonly redis: RedisProbe,
    private readonly streams: EventStreams,
  ) {}

  @Get('healthz')
  @Public()
  healthz(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** The probe of load balancers and `npm run up`: 200 when every part is ready, 503 otherwise. */
  @Get('readyz')
  @Public()
  async readyz(): Promise<Readiness> {
    const readiness = await this.readiness();
    if (readiness.postgres !== 'ok' || readiness.redis !== 'ok' || readiness.migrations !== 'ok') throw new NotReady(readiness);
    return readiness;
  }

  /** The console's system card, for admins only: the state of each part, answered even while one is down. */
  @Get('manage/system/health')
  @Can('system.health')
  async health(): Promise<SystemHealth> {
    return { ...(await this.readiness()), eventStreams: this.streams.count };
  }

  private async readiness(): Promise<Readiness> {
    const [postgres, pending, redis] = await Promise.all([
      sql`SELECT 1`.execute(this.db).then(() => 'ok' as const, () => 'down' as const),
      pendingMigrations(this.db).then((names) => names, () => null),
      this.redis.reachable().then((up) => (up ? ('ok' as const) : ('down' as const))),
    ]);
    return { postgres, redis, migrations: pending === null ? 'unknown' : pending.length === 0 ? 'ok' : 'pending' };
  }
}

/** 503 whose envelope still carries what is and is not ready. */
export class NotReady extends AppError {
  constructor(readiness: Readiness) {
    super(503, 'UNAVAILABLE', 'errors.unavailable', {}, [], readiness);
  }
}
