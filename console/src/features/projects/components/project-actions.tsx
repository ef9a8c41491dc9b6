// The lifecycle buttons of one project: only what the project machine allows in its status, plus clone.
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { allowedEvents, projectMachine, type ProjectStatus } from '@annot/workflows';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useChangeProject, verbEvents, type ProjectVerb } from '../api/change-project';

export function ProjectActions({ id, status }: { id: string; status: ProjectStatus }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const change = useChangeProject();
  const allowed = allowedEvents(projectMachine, status, {});
  const verbs = (Object.keys(verbEvents) as (keyof typeof verbEvents)[]).filter((verb) => allowed.includes(verbEvents[verb]));
  const run = (verb: ProjectVerb) =>
    change.mutate(
      { id, verb },
      {
        onSuccess: (answer) => {
          toast.success(t(`projects_${verb}_done`));
          if (verb === 'clone' && answer.id) navigate(`/project/new/${answer.id}`);
        },
        onError: (error) => toast.error(error instanceof ApiError ? error.message : t('request_fail')),
      },
    );
  return (
    <>
      {verbs.map((verb) => (
        <Button key={verb} size="sm" variant="outline" disabled={change.isPending} onClick={() => run(verb)}>
          {t(`projects_${verb}`)}
        </Button>
      ))}
      <Button size="sm" variant="outline" disabled={change.isPending} onClick={() => run('clone')}>
        {t('projects_clone')}
      </Button>
    </>
  );
}
