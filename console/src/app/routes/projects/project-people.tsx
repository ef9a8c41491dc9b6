// /project/people/{id}: the people of each link of a project.
import { useParams } from 'react-router-dom';
import { Skeleton } from '@/components/ui/skeleton';
import { usePeople } from '@/features/people/api/list-people';
import { useTeams } from '@/features/people/api/list-teams';
import { useProjectMembers } from '@/features/projects/api/project-members';
import { LinkMembersForm } from '@/features/projects/components/link-members-form';
import { ProjectScreen } from '@/features/projects/components/project-screen';

export default function ProjectPeoplePage() {
  const { id = '' } = useParams();
  const members = useProjectMembers(id);
  const teams = useTeams();
  const taggers = usePeople({ role: '40', status: 'active' });
  if (members.isPending || teams.isPending || taggers.isPending) return <Skeleton className="h-64" />;
  const taggerChoices = (taggers.data?.pages.flatMap((page) => page.items) ?? []).map((p) => ({ id: p.id, name: `${p.name} (${p.account})` }));
  return (
    <ProjectScreen id={id} manage>
      {(project) =>
        (members.data ?? []).map((link) => (
          <LinkMembersForm key={`${link.linkId}-${project.version}`} projectId={id} link={link} teams={teams.data ?? []} taggers={taggerChoices} />
        ))
      }
    </ProjectScreen>
  );
}
