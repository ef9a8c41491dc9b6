// /project/link/{id}: the link pipeline of an existing project; links holding tasks stay where they are.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { toast } from 'sonner';
import type { ProjectDetail, ProjectLinkInput } from '@annot/workflows';
import { Button } from '@/components/ui/button';
import { useSaveProjectStep } from '@/features/projects/api/save-project';
import { LinkEditor } from '@/features/projects/components/link-editor';
import { ProjectScreen } from '@/features/projects/components/project-screen';
import { ApiError } from '@/lib/api-client';
import { type FieldErrors, serverFieldErrors } from '@/lib/form-errors';

function LinksForm({ project }: { project: ProjectDetail }) {
  const { t } = useTranslation();
  const save = useSaveProjectStep();
  const [links, setLinks] = useState<ProjectLinkInput[]>(project.links.map(({ id, type, name }) => ({ id, type, name })));
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = () =>
    save.mutate(
      { id: project.id, save: { step: 'links', value: { links } } },
      {
        onSuccess: () => {
          setErrors({});
          toast.success(t('projects_step_saved'));
        },
        onError: (error) => {
          setErrors(serverFieldErrors(error));
          toast.error(error instanceof ApiError ? error.message : t('request_fail'));
        },
      },
    );
  return (
    <div className="grid max-w-3xl gap-3">
      <LinkEditor links={links} onChange={(next) => (setLinks(next), setErrors({}))} errors={errors} fixed={project.links.some((l) => l.tasks > 0)} />
      <div>
        <Button onClick={submit} disabled={save.isPending}>
          {t('save')}
        </Button>
      </div>
    </div>
  );
}

export default function ProjectLinksPage() {
  const { id = '' } = useParams();
  return (
    <ProjectScreen id={id} manage>
      {(project) => <LinksForm key={project.version} project={project} />}
    </ProjectScreen>
  );
}
