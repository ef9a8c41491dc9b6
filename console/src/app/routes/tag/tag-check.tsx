// /tag/checkManage/{id}/{lid}: an inspector's work on one inspection link: claim, and the items in hand to pass or reject.
import { useParams } from 'react-router-dom';
import { RefusalNotice } from '@/components/refusal';
import { ProjectScreen } from '@/features/projects/components/project-screen';
import { ClaimPanel } from '@/features/items/components/claim-panel';

export default function TagCheckPage() {
  const { id = '', lid = '' } = useParams();
  return (
    <ProjectScreen id={id} manage={false}>
      {(project) => {
        const link = project.links.find((l) => l.id === lid && l.type === 'inspection');
        return link ? <ClaimPanel projectId={id} link={link} itemPath={(itemId) => `/tag/item/${itemId}`} editorPath={(itemId) => `/tag/edit/${itemId}`} /> : <RefusalNotice refusal="not_found" />;
      }}
    </ProjectScreen>
  );
}
