// /past/project/{id}: a project for a reader of the past, read-only: its items per link and status at a chosen moment
// (the moment in the address, as on an item) and its items as they stood then, each opening as it was at that moment,
// and its statistics as of the same moment.
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useProjectAsOf } from '@/features/past/api/get-project-as-of';
import { type MomentChoice, momentFromSearch, momentSearch } from '@/features/past/api/moment';
import { MomentPicker } from '@/features/past/components/moment-picker';
import { PastCounts } from '@/features/past/components/past-counts';
import { PastItems } from '@/features/past/components/past-items';
import { ProjectPastNotice } from '@/features/past/components/project-past-notice';
import { ProjectScreen } from '@/features/projects/components/project-screen';
import { useItemChoices } from '@/features/tasks/api/use-item-choices';
import { linkLabel } from '@/lib/link-label';

export default function PastProjectPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const moment = momentFromSearch(search);
  const choose = (next: MomentChoice) => setSearch(next.kind === 'version' ? {} : momentSearch(next));
  const past = useProjectAsOf(id, moment.kind === 'version' ? { kind: 'now' } : moment);
  const { nameOf } = useItemChoices(id);
  return (
    <ProjectScreen id={id} manage={false}>
      {(project) => {
        const linkName = (linkId: string) => {
          const link = project.links.find((l) => l.id === linkId);
          return link ? linkLabel(t, link) : t('tasks_unseen_link');
        };
        return (
          <>
            <ProjectPastNotice moment={moment} now="past_project_now" asOf="past_project_as_of" />
            <div className="flex flex-wrap items-end justify-between gap-4">
              <MomentPicker onChoose={choose} />
              <Button asChild size="sm" variant="outline">
                <Link to={`/past/project/${id}/statistics?${search.toString()}`}>{t('past_statistics')}</Link>
              </Button>
            </div>
            <PastCounts view={past.data} error={past.error} linkName={linkName} />
            <PastItems projectId={id} moment={moment.kind === 'version' ? { kind: 'now' } : moment} links={project.links} nameOf={nameOf} />
          </>
        );
      }}
    </ProjectScreen>
  );
}
