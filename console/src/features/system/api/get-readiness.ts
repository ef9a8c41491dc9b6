// GET /readyz: PostgreSQL, Redis and migrations; a 503 still carries what is and is not ready.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api-client';

export interface Readiness {
  postgres: 'ok' | 'down';
  redis: 'ok' | 'down';
  migrations: 'ok' | 'pending' | 'unknown';
}

export const readinessQuery = () =>
  queryOptions({
    queryKey: ['readiness'],
    queryFn: () =>
      api.get<Readiness>('/readyz').catch((error: unknown) => {
        if (error instanceof ApiError && error.data) return error.data as Readiness;
        throw error;
      }),
    refetchInterval: 15_000,
  });

export const useReadiness = () => useQuery(readinessQuery());
