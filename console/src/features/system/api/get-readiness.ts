// GET /manage/system/health: PostgreSQL, Redis and migrations, for admins; answered with each part's state even while one is down.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface Readiness {
  postgres: 'ok' | 'down';
  redis: 'ok' | 'down';
  migrations: 'ok' | 'pending' | 'unknown';
}

export const readinessQuery = () => queryOptions({ queryKey: ['readiness'], queryFn: () => api.get<Readiness>('/manage/system/health'), refetchInterval: 15_000 });

export const useReadiness = () => useQuery(readinessQuery());
