// /past/project/{id}: a project for a reader of the past, read-only: its items per link and status at a chosen moment
// (the moment in the address, as on an item) and its items as they stood then, each opening as it was at that moment,
// and its statistics as of the same moment; compared with a second moment (?compare= in the address), what changed
// between the two, each changed item opening its own diff; and its export records, each naming its ledger entry, with
// the archive to download and check against the log.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useExportOptions } from '@/features/exports/api/exports';
import { ExportRecords } from '@/features/exports/components/export-records';
import { useProjectAsOf } from '@/features/past/api/get-project-as-of';
import { type MomentChoice, momentFromSearch, momentOfToken, momentSearch, momentToken } from '@/features/past/api/moment';
import { MomentPicker } from '@/features/past/components/moment-picker';
import { PastCounts } from '@/features/past/components/past-counts';
import { PastItems } from '@/features/past/components/past-items';
import { ProjectDiff } from '@/features/past/components/project-diff';
import { ProjectPastNotice } from '@/features/past/components/project-past-notice';
import { ProjectScreen } from '@/features/projects/components/project-screen';
import { useItemChoices } from '../use-item-choices';
import { linkLabel } from '@/lib/link-label';

export default function PastProjectPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const moment = momentFromSearch(search);
  const compared = momentOfToken(search.get('compare'));
  const [comparing, setComparing] = useState(false);
  const shown = moment.kind === 'version' ? { kind: 'now' as const } : moment;
  const choose = (next: MomentChoice) => setSearch({ ...(next.kind === 'version' ? {} : momentSearch(next)), ...(compared ? { compare: momentToken(compared) } : {}) });
  const compare = (other: MomentChoice | null) => setSearch({ ...momentSearch(shown), ...(other && other.kind !== 'version' ? { compare: momentToken(other) } : {}) });
  const past = useProjectAsOf(id, shown);
  const { nameOf, choices } = useItemChoices(id);
  return (
    <ProjectScreen id={id} manage={false}>
      {(project) => {
        const linkName = (linkId: string) => {
          const link = project.links.find((l) => l.id === linkId);
          return link ? linkLabel(t, link) : t('items_unseen_link');
        };
        return (
          <>
            <ProjectPastNotice moment={moment} now="past_project_now" asOf="past_project_as_of" />
            <div className="flex flex-wrap items-end justify-between gap-4">
              <MomentPicker onChoose={choose} projectId={id} />
              <div className="flex gap-2">
                {!compared && !comparing && (
                  <Button size="sm" variant="outline" onClick={() => setComparing(true)}>
                    {t('project_diff_compare')}
                  </Button>
                )}
                <Button asChild size="sm" variant="outline">
                  <Link to={`/past/project/${id}/statistics?${new URLSearchParams(momentSearch(shown)).toString()}`}>{t('past_statistics')}</Link>
                </Button>
              </div>
            </div>
            {(comparing || compared) && <MomentPicker label={t('project_diff_compare_with')} onChoose={(other) => compare(other)} projectId={id} />}
            {compared && (
              <ProjectDiff
                projectId={id}
                from={shown}
                to={compared}
                links={project.links.map((link) => ({ id: link.id, name: linkLabel(t, link) }))}
                people={choices.claimers}
                batches={choices.batches}
                linkName={linkName}
                onStop={() => {
                  setComparing(false);
                  compare(null);
                }}
              />
            )}
            <PastCounts view={past.data} error={past.error} linkName={linkName} />
            <PastItems projectId={id} moment={shown} links={project.links} nameOf={nameOf} />
            <ProjectExportRecords projectId={id} />
          </>
        );
      }}
    </ProjectScreen>
  );
}

/** The project's exports as they are now: what an auditor downloads and checks against the log. */
function ProjectExportRecords({ projectId }: { projectId: string }) {
  const options = useExportOptions(projectId);
  return options.data ? <ExportRecords projectId={projectId} options={options.data} /> : null;
}
