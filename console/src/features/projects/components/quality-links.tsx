// A project's statistics, quality gates and deliveries for the staff who run them: its sampling tasks, its acceptance
// batches and their board, its exports, its algorithm calls and its webhooks. The project's own page shows them as
// buttons; a row of the project list gathers them in one menu, so a row stays one line of actions.
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { useCan } from '@/lib/authorization';

function useQualityLinks(projectId: string): { to: string; label: string }[] {
  const { t } = useTranslation();
  const { can } = useCan();
  return [
    ...(can('statistics.read') ? [{ to: `/project/datasum/${projectId}`, label: t('insights_statistics') }] : []),
    ...(can('sampling.manage') ? [{ to: `/project/checkmanage/${projectId}`, label: t('projects_quality_sampling') }] : []),
    ...(can('acceptance.manage')
      ? [
          { to: `/project/acceptmanage/${projectId}`, label: t('projects_quality_acceptance') },
          { to: `/project/category/${projectId}`, label: t('projects_quality_board') },
        ]
      : []),
    ...(can('export.manage') ? [{ to: `/project/exportData/${projectId}`, label: t('projects_exports') }] : []),
    ...(can('algorithm.read') ? [{ to: `/project/algorithm/${projectId}`, label: t('projects_algorithms') }] : []),
    ...(can('webhook.manage') ? [{ to: `/project/webhooks/${projectId}`, label: t('projects_webhooks') }] : []),
  ];
}

export function QualityLinks({ projectId }: { projectId: string }) {
  return useQualityLinks(projectId).map((link) => (
    <Button key={link.to} asChild size="sm" variant="outline">
      <Link to={link.to}>{link.label}</Link>
    </Button>
  ));
}

/** The same links as one menu, named after the project it opens from. */
export function QualityMenu({ projectId, projectTitle }: { projectId: string; projectTitle: string }) {
  const { t } = useTranslation();
  const links = useQualityLinks(projectId);
  if (links.length === 0) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button size="sm" variant="outline" aria-label={t('projects_more_of', { title: projectTitle })}>
          {t('projects_more')}
          <ChevronDown className="h-4 w-4" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {links.map((link) => (
          <DropdownMenuItem key={link.to} asChild>
            <Link to={link.to}>{link.label}</Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
