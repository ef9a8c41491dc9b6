// Accounts of one role with the actions their state allows (from the account machine), a page at a time.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { accountMachine, allowedEvents, type PersonView } from '@annot/workflows';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ActionsCell, ListTable } from '@/components/list-table';
import { TableCell, TableRow } from '@/components/ui/table';
import { ApiError } from '@/lib/api-client';
import { type PeopleFilter, usePeople } from '../api/list-people';
import { useSetPersonStatus } from '../api/set-person-status';
import { useIssueLoginTicket } from '../api/issue-login-ticket';
import { formatTime } from '@/lib/time';


export interface PeopleTableProps {
  filter: PeopleFilter;
  editPath: (id: string) => string;
  /** Whether this person may edit, disable and enable the accounts listed. */
  canManage: boolean;
  canIssueLinks: boolean;
}

export function PeopleTable({ filter, editPath, canManage, canIssueLinks }: PeopleTableProps) {
  const { t } = useTranslation();
  const people = usePeople(filter);
  const setStatus = useSetPersonStatus();
  const ticket = useIssueLoginTicket();
  const rows = people.data?.pages.flatMap((page) => page.items) ?? [];
  const act = (person: PersonView, action: 'disable' | 'enable') =>
    setStatus.mutate(
      { id: person.id, action },
      {
        onSuccess: () => toast.success(t(action === 'disable' ? 'people_disabled' : 'people_enabled', { name: person.name })),
        onError: (error) => toast.error(error instanceof ApiError ? error.message : t('request_fail')),
      },
    );
  const link = (person: PersonView) =>
    ticket.mutate(person.id, {
      onSuccess: async ({ uuid }) => {
        const url = `${location.origin}/home?dots-uuid=${encodeURIComponent(uuid)}`;
        await navigator.clipboard?.writeText(url).catch(() => undefined);
        toast.success(t('people_link_ready'), { description: url, duration: 20_000 });
      },
      onError: (error) => toast.error(error instanceof ApiError ? error.message : t('request_fail')),
    });

  const headings = ['people_name', 'people_account', 'people_contact', 'people_team', 'people_status', 'people_created', 'people_last_login', 'actions'].map((key) => t(key));
  if (people.isPending) return <Skeleton className="h-40" />;
  return (
    <div className="grid gap-3">
      <ListTable headings={headings} empty={rows.length === 0} error={people.error}>
        {rows.map((person) => {
          const allowed = canManage ? allowedEvents(accountMachine, person.status, { role: person.role }) : [];
          return (
            <TableRow key={person.id}>
              <TableCell>{person.name}</TableCell>
              <TableCell>{person.account}</TableCell>
              <TableCell>{[person.phone, person.email].filter(Boolean).join(' / ') || '—'}</TableCell>
              <TableCell>{person.teamName ?? person.company ?? '—'}</TableCell>
              <TableCell>
                <Badge variant={person.status === 'active' ? 'success' : 'destructive'}>{t(`people_status_${person.status}`)}</Badge>
              </TableCell>
              <TableCell>{formatTime(person.createdAt)}</TableCell>
              <TableCell>{formatTime(person.lastLoginAt)}</TableCell>
              <ActionsCell>
                {allowed.includes('account.edit') && (
                  <Button asChild size="sm" variant="outline">
                    <Link to={editPath(person.id)}>{t('edit')}</Link>
                  </Button>
                )}
                {allowed.includes('account.disable') && (
                  <Button size="sm" variant="outline" onClick={() => act(person, 'disable')}>
                    {t('people_disable')}
                  </Button>
                )}
                {allowed.includes('account.enable') && (
                  <Button size="sm" variant="outline" onClick={() => act(person, 'enable')}>
                    {t('people_enable')}
                  </Button>
                )}
                {canIssueLinks && person.status === 'active' && (
                  <Button size="sm" variant="ghost" onClick={() => link(person)}>
                    {t('people_sign_in_link')}
                  </Button>
                )}
              </ActionsCell>
            </TableRow>
          );
        })}
      </ListTable>
      {people.hasNextPage && (
        <Button variant="outline" onClick={() => void people.fetchNextPage()} disabled={people.isFetchingNextPage}>
          {t('load_more')}
        </Button>
      )}
    </div>
  );
}
