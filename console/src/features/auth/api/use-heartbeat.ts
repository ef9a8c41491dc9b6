// POST /api/active_ping every ten minutes while signed in, so the session does not expire while the tab is open.
import { useEffect } from 'react';
import { api } from '@/lib/api-client';

export const heartbeatMs = 600_000;

export function useHeartbeat(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => void api.post('/api/active_ping').catch(() => undefined), heartbeatMs);
    return () => clearInterval(timer);
  }, [active]);
}
