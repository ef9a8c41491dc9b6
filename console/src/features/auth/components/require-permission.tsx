// A page's door in the console: the same rule as the server's, and a clear "not allowed" instead of a page that fails.
import { Outlet } from 'react-router-dom';
import type { Action } from '@annot/workflows';
import { RefusalNotice } from '@/components/refusal';
import { Skeleton } from '@/components/ui/skeleton';
import { useCan } from '@/lib/authorization';

export function RequirePermission({ action }: { action: Action }) {
  const { can, ready } = useCan();
  if (!ready) return <Skeleton className="h-40" />;
  return can(action) ? <Outlet /> : <RefusalNotice refusal="not_allowed" />;
}
