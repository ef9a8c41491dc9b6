// The side menu's "help documents": the help entries of the reader's role, each opening the manual page with the
// seed's url and id; gone while the role has none.
import { NavLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { manualPath, type MenuItem } from '@annot/workflows';
import { cn } from '@/lib/utils';
import { useHelpDocuments } from '../api/documents';

export function HelpDocumentsEntry({ item }: { item: MenuItem }) {
  const { t } = useTranslation();
  const location = useLocation();
  const help = useHelpDocuments(true);
  const entries = help.data ?? [];
  if (entries.length === 0) return null;
  // Every entry shares one path; the open one is told apart by its id.
  const openId = location.pathname === item.path ? new URLSearchParams(location.search).get('id') : null;
  return (
    <li>
      <span className="block px-3 pb-1 pt-3 text-xs font-semibold uppercase tracking-wide text-muted-foreground">{t(item.key)}</span>
      <ul>
        {entries.map((entry) => (
          <li key={entry.id}>
            <NavLink to={manualPath(entry)} className={cn('block rounded-md px-3 py-1.5 ps-5 text-sm hover:bg-muted', openId === entry.id && 'bg-primary/10 font-medium text-primary')}>
              {entry.name}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}
