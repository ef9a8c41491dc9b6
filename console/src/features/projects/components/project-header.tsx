// A project's title, status, dates and links to its screens, with the lifecycle actions the machine allows.
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ProjectDetail } from '@annot/workflows';
import { DirectionArrow } from '@/components/direction-arrow';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useCan } from '@/lib/authorization';
import { ProjectActions } from './project-actions';
import { QualityLinks } from './quality-links';
import { formatDayRange } from '@/lib/time';

export function ProjectHeader({ project, manage }: { project: ProjectDetail; manage: boolean }) {
  const { t } = useTranslation();
  const { can } = useCan();
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-xl font-semibold">{project.title}</h1>
        <Badge variant="outline">{t(`project_status_${project.status}`)}</Badge>
        <span className="text-sm text-muted-foreground">
          {t(`annotation_type_${project.annotationType}`)} · {formatDayRange(project.startDate, project.endDate)}
        </span>
      </div>
      <p className="text-sm text-muted-foreground">
        {project.links.map((l, index) => (
          <Fragment key={index}>
            {index > 0 && (
              <>
                {' '}
                <DirectionArrow to="onward" />{' '}
              </>
            )}
            {`${l.name} (${t(`links_type_${l.type}`)}, ${t('links_tasks', { count: l.tasks })})`}
          </Fragment>
        ))}
      </p>
      {!manage && (can('statistics.own') || can('statistics.team')) && (
        <div>
          <Button asChild size="sm" variant="outline">
            <Link to={can('statistics.own') ? `/tag/sum/${project.id}` : `/supplier/sum/${project.id}`}>{t('insights_statistics')}</Link>
          </Button>
        </div>
      )}
      {manage && (
        <div className="flex flex-wrap gap-1">
          {can('project.edit') && (
            <>
              <Button asChild size="sm" variant="outline">
                <Link to={`/project/new/${project.id}`}>{t('edit')}</Link>
              </Button>
              <Button asChild size="sm" variant="outline">
                <Link to={`/project/link/${project.id}`}>{t('projects_link_config')}</Link>
              </Button>
            </>
          )}
          {can('project.members.assign') && (
            <Button asChild size="sm" variant="outline">
              <Link to={`/project/people/${project.id}`}>{t('projects_members')}</Link>
            </Button>
          )}
          <QualityLinks projectId={project.id} />
          <ProjectActions id={project.id} status={project.status} published={project.published} />
        </div>
      )}
    </div>
  );
}
