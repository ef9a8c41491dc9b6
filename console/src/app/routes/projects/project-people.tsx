// /project/people/{id}: the people of each link of a project.
import { useParams } from 'react-router-dom';
import { Skeleton } from '@/components/ui/skeleton';
import { usePeople } from '@/features/people/api/list-people';
import { useTeams } from '@/features/people/api/list-teams';
import { useProject } from '@/features/projects/api/get-projects';
import { useProjectMembers } from '@/features/projects/api/project-members';
import { LinkMembersForm } from '@/features/projects/components/link-members-form';
import { ProjectHeader } from '@/features/projects/components/project-header';

export default function ProjectPeoplePage() {
  const { id = '' } = useParams();
  const project = useProject(id);
  const members = useProjectMembers(id);
  const teams = useTeams();
  const taggers = usePeople({ role: '40', status: 'active' });
  if (project.isPending || members.isPending || teams.isPending || taggers.isPending) return <Skeleton className="h-64" />;
  if (!project.data) return null;
  const taggerChoices = (taggers.data?.pages.flatMap((page) => page.items) ?? []).map((p) => ({ id: p.id, name: `${p.name} (${p.account})` }));
  return (
    <div className="grid gap-6">
      <ProjectHeader project={project.data} manage />
      {(members.data ?? []).map((link) => (
        <LinkMembersForm key={`${link.linkId}-${project.data.version}`} projectId={id} link={link} teams={teams.data ?? []} taggers={taggerChoices} />
      ))}
    </div>
  );
}
