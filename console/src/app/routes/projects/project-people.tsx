// /project/people/{id}: the people of each link of a project, picked from teams and taggers searched on the server.
import { useParams } from 'react-router-dom';
import { useTaggerChoices, useTeamChoices } from '@/features/people/api/people-choices';
import { LinkMembersList } from '@/features/projects/components/link-members-list';
import { ProjectScreen } from '@/features/projects/components/project-screen';

export default function ProjectPeoplePage() {
  const { id = '' } = useParams();
  return (
    <ProjectScreen id={id} manage>
      {(project) => <LinkMembersList projectId={id} version={project.version} useTeamChoices={useTeamChoices} useTaggerChoices={useTaggerChoices} />}
    </ProjectScreen>
  );
}
