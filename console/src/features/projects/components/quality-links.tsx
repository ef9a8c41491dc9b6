// A project's statistics, quality gates and deliveries for the staff who run them: its sampling tasks, its acceptance
// batches and their board, its exports, its algorithm calls and its webhooks.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useCan } from '@/lib/authorization';

export function QualityLinks({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const { can } = useCan();
  const links = [
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
  return links.map((link) => (
    <Button key={link.to} asChild size="sm" variant="outline">
      <Link to={link.to}>{link.label}</Link>
    </Button>
  ));
}
