// One tab of the project lists: filters, counts per status, a page at a time, and each project's allowed actions.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ProjectSummary } from '@annot/workflows';
import { ActionsCell, ListTable } from '@/components/list-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableRow } from '@/components/ui/table';
import { useCan } from '@/lib/authorization';
import { type ProjectTab, useProjectCounts, useProjects } from '../api/get-projects';
import { ProjectActions } from './project-actions';
import { QualityMenu } from './quality-links';
import { formatNumber } from '@/lib/numbers';
import { formatDayRange } from '@/lib/time';

const tabStatuses: Record<ProjectTab, ProjectSummary['status'][]> = {
  release: ['waiting_for_improvement', 'waiting_for_publish'],
  going: ['in_progress', 'paused', 'reopened'],
  finish: ['completed', 'closed'],
};

export interface ProjectsTableProps {
  tab: ProjectTab;
  manage: boolean;
  /** Where a project opens for this area; the PM's and the supplier's screens unless told. */
  openPath?: (project: ProjectSummary) => string;
  /** Where a project's statistics open for this area, for a person who may read them there. */
  statisticsPath?: (project: ProjectSummary) => string;
}

export function ProjectsTable({ tab, manage, openPath, statisticsPath }: ProjectsTableProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [type, setType] = useState('');
  const projects = useProjects({ tab, keyword: keyword.trim(), type });
  const counts = useProjectCounts();
  const { can } = useCan();
  const rows = projects.data?.pages.flatMap((page) => page.items) ?? [];
  const open = (project: ProjectSummary) => openPath?.(project) ?? (tab === 'release' && manage ? `/project/new/${project.id}` : manage ? `/project/datamanage/${project.id}` : `/supplier/datamanage/${project.id}`);

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap gap-2 text-sm text-muted-foreground">
        {tabStatuses[tab].map((status) => (
          <Badge key={status} variant="outline">
            {t(`project_status_${status}`)} {formatNumber(counts.data?.[status] ?? 0)}
          </Badge>
        ))}
      </div>
      <div className="flex flex-wrap gap-2">
        <Input aria-label={t('search')} placeholder={t('projects_search')} className="w-64" value={keyword} onChange={(e) => setKeyword(e.target.value)} />
        <Select aria-label={t('projects_type')} className="w-40" value={type} onChange={(e) => setType(e.target.value)}>
          <option value="">{t('all')}</option>
          <option value="formal">{t('projects_type_formal')}</option>
          <option value="trial">{t('projects_type_trial')}</option>
        </Select>
        {manage && can('project.create') && (
          <Button asChild>
            <Link to="/project/new/0">{t('menu_new_project')}</Link>
          </Button>
        )}
      </div>
      {projects.isPending ? (
        <Skeleton className="h-32" />
      ) : (
        <ListTable headings={[t('projects_title'), t('projects_status'), t('projects_annotation_type'), t('projects_dates'), t('projects_data'), t('projects_creator'), t('actions')]} empty={rows.length === 0} error={projects.error}>
          {rows.map((project) => (
            <TableRow key={project.id}>
              <TableCell>
                <Link className="underline-offset-2 hover:underline" to={open(project)}>
                  {project.title}
                </Link>
                <span className="ms-2 text-xs text-muted-foreground">{t(`projects_type_${project.type}`)}</span>
              </TableCell>
              <TableCell>
                <Badge variant="outline">{t(`project_status_${project.status}`)}</Badge>
              </TableCell>
              <TableCell>{t(`annotation_type_${project.annotationType}`)}</TableCell>
              <TableCell className="whitespace-nowrap">
                {formatDayRange(project.startDate, project.endDate)}
              </TableCell>
              <TableCell>{t('projects_data_counts', { count: project.items, batches: project.batches, items: project.items })}</TableCell>
              <TableCell>{project.creatorName}</TableCell>
              <ActionsCell className={manage ? 'min-w-[20rem]' : 'min-w-[11rem]'}>
                {manage && can('project.members.assign') && (
                  <Button asChild size="sm" variant="outline">
                    <Link to={`/project/people/${project.id}`}>{t('projects_members')}</Link>
                  </Button>
                )}
                {manage && tab !== 'release' && <QualityMenu projectId={project.id} projectTitle={project.title} />}
                {manage && <ProjectActions id={project.id} status={project.status} published={project.published} />}
                {!manage && (
                  <Button asChild size="sm" variant="outline">
                    <Link to={open(project)}>{t('items_open')}</Link>
                  </Button>
                )}
                {!manage && statisticsPath && (
                  <Button asChild size="sm" variant="outline">
                    <Link to={statisticsPath(project)}>{t('insights_statistics')}</Link>
                  </Button>
                )}
              </ActionsCell>
            </TableRow>
          ))}
        </ListTable>
      )}
      {projects.hasNextPage && (
        <div>
          <Button variant="outline" disabled={projects.isFetchingNextPage} onClick={() => void projects.fetchNextPage()}>
            {t('load_more')}
          </Button>
        </div>
      )}
    </div>
  );
}
