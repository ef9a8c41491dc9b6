// /personnel/new, /localnew, /edit/:id, /localedit/:id and the supplier's own: the person form, and for an auditor's
// account the projects it reads, where the reader may give them.
import { Role } from '@annot/workflows';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { RefusalNotice, refusalOf } from '@/components/refusal';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuditorProjects } from '@/features/people/api/get-auditor-projects';
import { usePerson } from '@/features/people/api/get-person';
import { AuditorProjects } from '@/features/people/components/auditor-projects';
import { PersonForm } from '@/features/people/components/person-form';
import { useProjectChoices, useProjectTitles } from '@/features/projects/api/search-projects';
import { useCan } from '@/lib/authorization';
import { isUuid } from '@/lib/ids';

export default function PersonEditPage({ chooseTeam, fixedRole }: { chooseTeam: boolean; fixedRole?: string }) {
  const { t } = useTranslation();
  const { id } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const person = usePerson(id);
  const role = fixedRole ?? person.data?.role ?? params.get('role') ?? '40';
  const { can } = useCan();
  const givesProjects = !!id && role === Role.Auditor && can('people.auditors.assign');
  const given = useAuditorProjects(id, givesProjects);
  const titles = useProjectTitles(given.data?.projectIds ?? []);
  if (id && !isUuid(id)) return <RefusalNotice refusal="not_found" />;
  if (id && person.error) return <RefusalNotice refusal={refusalOf(person.error) ?? 'not_found'} />;
  if (id && person.isPending) return <Skeleton className="h-64" />;
  return (
    <div className="grid gap-4">
      <h1 className="text-xl font-semibold">
        {t(id ? 'people_edit_title' : 'people_new_title')} · {t(`role_${role}`)}
      </h1>
      <PersonForm role={role} person={person.data} chooseTeam={chooseTeam} onSaved={() => navigate(-1)} />
      {givesProjects && id && given.data && <AuditorProjects auditorId={id} given={titles} useProjectChoices={useProjectChoices} />}
    </div>
  );
}
