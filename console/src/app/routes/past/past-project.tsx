// /past/project/{id}: a project for a reader of the past, read-only: its items per link and status at a chosen moment
// (the moment in the address, as on an item), and its items today, each opening as it was at a moment.
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { useProjectAsOf } from '@/features/past/api/get-project-as-of';
import { type MomentChoice, momentFromSearch, momentSearch } from '@/features/past/api/moment';
import { MomentPicker } from '@/features/past/components/moment-picker';
import { PastCounts } from '@/features/past/components/past-counts';
import { ProjectScreen } from '@/features/projects/components/project-screen';
import { useItemChoices } from '@/features/tasks/api/use-item-choices';
import { ItemsPanel } from '@/features/tasks/components/items-panel';
import { linkLabel } from '@/lib/link-label';
import { formatTime } from '@/lib/time';

export default function PastProjectPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const moment = momentFromSearch(search);
  const choose = (next: MomentChoice) => setSearch(next.kind === 'version' ? {} : momentSearch(next));
  const past = useProjectAsOf(id, moment.kind === 'version' ? { kind: 'now' } : moment);
  const { choices, nameOf } = useItemChoices(id);
  return (
    <ProjectScreen id={id} manage={false}>
      {(project) => {
        const linkName = (linkId: string) => {
          const link = project.links.find((l) => l.id === linkId);
          return link ? linkLabel(t, link) : t('tasks_unseen_link');
        };
        return (
          <>
            <div role="status" className="rounded-md border border-amber-400 bg-amber-50 px-4 py-3 text-sm text-amber-950">
              <span className="font-semibold">{t('past_read_only')}</span> {moment.kind === 'now' ? t('past_project_now') : t('past_project_as_of', { moment: moment.kind === 'position' ? `#${moment.position}` : moment.kind === 'time' ? formatTime(moment.at) : '' })}
            </div>
            <MomentPicker onChoose={choose} />
            <PastCounts view={past.data} error={past.error} linkName={linkName} />
            <ItemsPanel projectId={id} links={project.links} choices={choices} nameOf={nameOf} itemPath={(itemId) => `/past/item/${itemId}`} manage={false} />
          </>
        );
      }}
    </ProjectScreen>
  );
}
