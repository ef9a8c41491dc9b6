// /past/project/{id}/statistics: a project's statistics as they were at a chosen moment, read-only, the moment in the
// address as on the past project page, which it links back to at the same moment.
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { StatisticsView } from '@/features/insights/components/statistics-view';
import { type MomentChoice, momentFromSearch, momentSearch } from '@/features/past/api/moment';
import { MomentPicker } from '@/features/past/components/moment-picker';
import { ProjectPastNotice } from '@/features/past/components/project-past-notice';

export default function PastStatisticsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const chosen = momentFromSearch(search);
  // A project has no result version: such an address reads the project now.
  const moment: MomentChoice = chosen.kind === 'version' ? { kind: 'now' } : chosen;
  const choose = (next: MomentChoice) => setSearch(next.kind === 'version' ? {} : momentSearch(next));
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button asChild size="sm" variant="ghost">
          <Link to={`/past/project/${id}?${new URLSearchParams(momentSearch(moment)).toString()}`}>← {t('past_project_items')}</Link>
        </Button>
      </div>
      <ProjectPastNotice moment={moment} now="past_statistics_now" asOf="past_statistics_as_of" />
      <MomentPicker onChoose={choose} projectId={id} />
      <StatisticsView key={`${id}-${JSON.stringify(momentSearch(moment))}`} projectId={id} scope="project" asOf={momentSearch(moment)} />
    </div>
  );
}
