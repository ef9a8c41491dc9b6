// The lifecycle buttons of one project: what the project machine allows in its status and the permission table lets this person do.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { allowedEvents, isAction, projectMachine, type ProjectStatus } from '@annot/workflows';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useCan } from '@/lib/authorization';
import { useChangeProject, verbEvents, type ProjectVerb } from '../api/change-project';
import { PublishConfirm } from './publish-confirm';

export function ProjectActions({ id, status, published }: { id: string; status: ProjectStatus; published: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const change = useChangeProject();
  const { can } = useCan();
  // The same machine as the server, with the same context: a draft closed before it ever ran is not reopened.
  const allowed = allowedEvents(projectMachine, status, { published }).filter((event) => isAction(event) && can(event));
  const verbs = (Object.keys(verbEvents) as (keyof typeof verbEvents)[]).filter((verb) => allowed.includes(verbEvents[verb]));
  // Publishing puts the project before its people and its items into the pools: it is asked first; the rest is not.
  const [asking, setAsking] = useState(false);
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
        <Button key={verb} size="sm" variant="outline" disabled={change.isPending} onClick={() => (verb === 'publish' ? setAsking(true) : run(verb))}>
          {t(`projects_${verb}`)}
        </Button>
      ))}
      {asking && (
        <PublishConfirm onCancel={() => setAsking(false)} onConfirm={() => (setAsking(false), run('publish'))} />
      )}
      {can('project.clone') && (
        <Button size="sm" variant="outline" disabled={change.isPending} onClick={() => run('clone')}>
          {t('projects_clone')}
        </Button>
      )}
    </>
  );
}
