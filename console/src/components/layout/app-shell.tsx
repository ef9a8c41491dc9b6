// The signed-in frame: header (language, unread messages, user menu), side menu, the page, and a footer on the home overview only.
import { type ReactNode, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { type Refusal, RefusalNotice } from '@/components/refusal';
import { Skeleton } from '@/components/ui/skeleton';
import { useUserInfo } from '@/lib/user-info';
import { UnreadBadge } from '@/features/messages/components/unread-badge';
import { LanguageSwitch } from './language-switch';
import { SideMenu } from './side-menu';
import { UserMenu } from './user-menu';

/** `children` stand for the page where a screen that takes the whole window has nothing to show but a refusal. */
export function AppShell({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const user = useUserInfo();
  const location = useLocation();
  return (
    <div className="flex min-h-screen flex-col">
      <header className="flex h-14 items-center justify-between border-b border-border bg-card px-4">
        <span className="font-semibold">{t('app_name')}</span>
        <div className="flex items-center gap-2">
          <LanguageSwitch />
          {user.data && <UnreadBadge role={user.data.role} />}
          {user.data ? <UserMenu person={user.data} /> : <Skeleton className="h-8 w-24" />}
        </div>
      </header>
      <div className="flex flex-1">
        <SideMenu />
        <main className="flex-1 overflow-auto p-6">
          {/* Each page's code arrives when it is first opened; the frame stays while it does. */}
          <Suspense fallback={<Skeleton className="h-40" />}>
            {children ?? <Outlet />}
          </Suspense>
        </main>
      </div>
      {location.pathname === '/home' && <footer className="border-t border-border py-3 text-center text-xs text-muted-foreground">{t('footer')}</footer>}
    </div>
  );
}

/** A whole-window screen that cannot show what it was opened on: the refusal (or the failure) inside the console's frame. */
export function FramedRefusal({ refusal }: { refusal: Refusal | null }) {
  const { t } = useTranslation();
  return <AppShell>{refusal ? <RefusalNotice refusal={refusal} /> : <p role="alert">{t('load_failed')}</p>}</AppShell>;
}
