// /project/people/{id}: the people of each link of a project, picked from teams and taggers searched on the server.
import { useParams } from 'react-router-dom';
import { Skeleton } from '@/components/ui/skeleton';
import { useTaggerChoices, useTeamChoices } from '@/features/people/api/people-choices';
import { useProjectMembers } from '@/features/projects/api/project-members';
import { LinkMembersForm } from '@/features/projects/components/link-members-form';
import { ProjectScreen } from '@/features/projects/components/project-screen';

function LinkMembers({ id, version }: { id: string; version: string }) {
  const members = useProjectMembers(id);
  if (members.isPending) return <Skeleton className="h-64" />;
  return (members.data ?? []).map((link) => (
    <LinkMembersForm key={`${link.linkId}-${version}`} projectId={id} link={link} useTeamChoices={useTeamChoices} useTaggerChoices={useTaggerChoices} />
  ));
}

export default function ProjectPeoplePage() {
  const { id = '' } = useParams();
  return (
    <ProjectScreen id={id} manage>
      {(project) => <LinkMembers id={id} version={project.version} />}
    </ProjectScreen>
  );
}
