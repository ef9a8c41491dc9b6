// The projects an auditor reads, as the admin gives them: the given ones checked, a title search finding the rest,
// each change saved as the auditor's new set at once.
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type Choice, SearchChoices, type UseChoices } from '@/components/search-choices';
import { failureMessage } from '@/components/refusal';
import { useAssignAuditorProjects } from '../api/assign-auditor-projects';

export interface AuditorProjectsProps {
  auditorId: string;
  /** The projects given now, with their titles. */
  given: Choice[];
  useProjectChoices: UseChoices;
}

export function AuditorProjects({ auditorId, given, useProjectChoices }: AuditorProjectsProps) {
  const { t } = useTranslation();
  const assign = useAssignAuditorProjects(auditorId);
  const change = (next: Choice[]) =>
    assign.mutate(
      { id: auditorId, projectIds: next.map((c) => c.id) },
      { onSuccess: () => toast.success(t('saved')), onError: (error) => toast.error(failureMessage(error, t)) },
    );
  return (
    <section className="grid max-w-md gap-2 rounded-md border p-3" aria-label={t('auditor_projects_title')}>
      <h2 className="text-base font-semibold">{t('auditor_projects_title')}</h2>
      <p className="text-sm text-muted-foreground">{t('auditor_projects_note')}</p>
      <SearchChoices legend={t('auditor_projects_given')} chosen={given} onChange={change} useChoices={useProjectChoices} />
    </section>
  );
}
