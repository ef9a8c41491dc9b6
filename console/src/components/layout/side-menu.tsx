// The side menu of the signed-in role, as the server's wordlistByRole gives it.
import { NavLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '@annot/workflows';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useMenu } from '@/features/auth/api/get-menu';
import { HelpDocumentsEntry } from '@/features/documents/components/help-documents-entry';

function Entry({ item, depth }: { item: MenuItem; depth: number }) {
  const { t } = useTranslation();
  if (item.fill === 'help_documents') return <HelpDocumentsEntry item={item} />;
  if (item.children) {
    return (
      <li>
        <span className="block px-3 pb-1 pt-3 text-xs font-semibold uppercase tracking-wide text-muted-foreground">{t(item.key)}</span>
        <ul>{item.children.map((child) => <Entry key={child.key} item={child} depth={depth + 1} />)}</ul>
      </li>
    );
  }
  return (
    <li>
      <NavLink
        to={item.path}
        end={item.path === '/home'}
        className={({ isActive }) => cn('block rounded-md px-3 py-1.5 text-sm hover:bg-muted', depth > 0 && 'ps-5', isActive && 'bg-primary/10 font-medium text-primary')}
      >
        {t(item.key)}
      </NavLink>
    </li>
  );
}

export function SideMenu() {
  const { t } = useTranslation();
  const menu = useMenu();
  return (
    <nav aria-label={t('side_menu')} className="w-56 shrink-0 border-e border-border bg-card p-2">
      {menu.isPending ? (
        <Skeleton className="h-40" />
      ) : (
        <ul className="grid gap-0.5">{(menu.data?.menu ?? []).map((item) => <Entry key={item.key} item={item} depth={0} />)}</ul>
      )}
    </nav>
  );
}
