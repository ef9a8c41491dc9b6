// The head of an acceptance project's screens: its name, and its batches, all its data and its statistics one click apart.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { RefusalNotice } from '@/components/refusal';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useAcceptanceProject } from '@/features/quality/api/get-acceptance-projects';
import { DirectionArrow } from '@/components/direction-arrow';

export interface AcceptanceProjectLinks {
  index: string;
  batches: (projectId: string) => string;
  items: (projectId: string) => string;
  statistics: (projectId: string) => string;
}

export function AcceptanceProjectScreen({ projectId, links, children }: { projectId: string; links: AcceptanceProjectLinks; children: ReactNode }) {
  const { t } = useTranslation();
  const project = useAcceptanceProject(projectId);
  if (project.isPending) return <Skeleton className="h-64" />;
  // Only the projects of batches naming the acceptor are theirs to see.
  if (project.error || !project.data) return <RefusalNotice refusal="not_found" />;
  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <Link to={links.index} className="text-sm text-muted-foreground underline-offset-2 hover:underline">
          <DirectionArrow to="back" /> {t('menu_acceptance_projects')}
        </Link>
        <h1 className="text-xl font-semibold">{project.data.projectName}</h1>
        <nav aria-label={t('judging_project_views')} className="flex gap-1 border-b border-border">
          {(['batches', 'items', 'statistics'] as const).map((view) => (
            <NavLink
              key={view}
              to={links[view](projectId)}
              end
              className={({ isActive }) => cn('-mb-px border-b-2 px-3 py-1.5 text-sm', isActive ? 'border-primary font-medium text-primary' : 'border-transparent text-muted-foreground hover:text-foreground')}
            >
              {t(`judging_project_${view}`)}
            </NavLink>
          ))}
        </nav>
      </div>
      {children}
    </div>
  );
}
