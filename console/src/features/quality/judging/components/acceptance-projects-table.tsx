// The acceptor's acceptance projects, each with its batches counted by status and the ways into it.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ActionsCell, ListTable } from '@/components/list-table';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableRow } from '@/components/ui/table';
import { useAcceptanceProjects } from '@/features/quality/api/get-acceptance-projects';
import type { AcceptanceProjectLinks } from './acceptance-project-screen';
import { formatNumber } from '@/lib/numbers';

export function AcceptanceProjectsTable({ links }: { links: AcceptanceProjectLinks }) {
  const { t } = useTranslation();
  const projects = useAcceptanceProjects();
  if (projects.isPending) return <Skeleton className="h-32" />;
  const rows = projects.data ?? [];
  if (!projects.error && rows.length === 0) return <p className="text-sm text-muted-foreground">{t('client_no_projects')}</p>;
  return (
    <ListTable
      headings={[
        t('judging_project'),
        t('judging_batches'),
        t('quality_acceptance_status_pending'),
        t('quality_acceptance_status_accepting'),
        t('quality_acceptance_status_submitted'),
        t('quality_acceptance_status_passed'),
        t('quality_acceptance_status_rejected'),
        t('actions'),
      ]}
      empty={false}
      error={projects.error}
    >
      {rows.map((project) => (
        <TableRow key={project.projectId}>
          <TableCell className="font-medium">
            <Link className="underline-offset-2 hover:underline" to={links.batches(project.projectId)}>
              {project.projectName}
            </Link>
          </TableCell>
          <TableCell>{formatNumber(project.batches)}</TableCell>
          <TableCell>{formatNumber(project.pending)}</TableCell>
          <TableCell>{formatNumber(project.accepting)}</TableCell>
          <TableCell>{formatNumber(project.submitted)}</TableCell>
          <TableCell>{formatNumber(project.passed)}</TableCell>
          <TableCell>{formatNumber(project.rejected)}</TableCell>
          <ActionsCell>
            {(['batches', 'items', 'statistics'] as const).map((view) => (
              <Button key={view} asChild size="sm" variant={view === 'batches' ? 'default' : 'outline'}>
                <Link to={links[view](project.projectId)} aria-label={t(`judging_project_${view}_named`, { project: project.projectName })}>
                  {t(`judging_project_${view}`)}
                </Link>
              </Button>
            ))}
          </ActionsCell>
        </TableRow>
      ))}
    </ListTable>
  );
}
