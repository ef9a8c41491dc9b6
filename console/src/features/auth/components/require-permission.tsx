// A page's door in the console: the same rule as the server's, and a clear "not allowed" instead of a page that fails.
import { Outlet } from 'react-router-dom';
import type { Action } from '@annot/workflows';
import { FramedRefusal } from '@/components/layout/app-shell';
import { RefusalNotice } from '@/components/refusal';
import { Skeleton } from '@/components/ui/skeleton';
import { useCan } from '@/lib/authorization';

/** `framed`: the screen takes the whole window, so its refusal is shown inside the console's frame, with the way home. */
export function RequirePermission({ action, framed = false }: { action: Action; framed?: boolean }) {
  const { can, ready } = useCan();
  if (!ready) return <Skeleton className="h-40" />;
  if (can(action)) return <Outlet />;
  return framed ? <FramedRefusal refusal="not_allowed" /> : <RefusalNotice refusal="not_allowed" />;
}
