// The creation wizard: basic info, tools, links, rules, then the links' people and the first batches; each configuration
// step saves the draft, and publishing says what is missing. Which step may open and where publishing stands is the
// wizard machine's to say.
import { type ReactNode, useEffect, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { allowedEvents, type ProjectDetail, type ProjectLinkInput, projectMachine } from '@annot/workflows';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiError } from '@/lib/api-client';
import { type FieldErrors, serverFieldErrors } from '@/lib/form-errors';
import { useChangeProject } from '../api/change-project';
import { type StepSave, useSaveProjectStep } from '../api/save-project';
import { BasicsForm } from './basics-form';
import { LinkEditor } from './link-editor';
import type { UseFound } from '@/lib/use-server-search';
import { type ErrorGroupChoice, type RuleChoice, RulesStep } from './rules-step';
import { type ToolChoice, ToolsStep } from './tools-step';
import { PublishConfirm } from './publish-confirm';
import { formatDigits } from '@/lib/numbers';
import { isComplete, projectWizardMachine, type WizardStep, wizardSteps } from '../machines/project-wizard.machine';

export interface ProjectWizardProps {
  project: ProjectDetail | null;
  linkable: { id: string; title: string }[];
  tools: ToolChoice[];
  annotationRules: RuleChoice[];
  dataRules: RuleChoice[];
  errorGroups: ErrorGroupChoice[];
  /** The catalog searched on the server by keyword, for the pickers of tools and rules. */
  search: { tools: UseFound<ToolChoice>; annotationRules: UseFound<RuleChoice>; dataRules: UseFound<RuleChoice> };
  /** The steps other features serve once the draft exists: the people of its links and its batches. */
  after: Record<AfterStep, (project: ProjectDetail) => ReactNode>;
}

type AfterStep = 'members' | 'data';
const none: never[] = [];
const sameSteps = (a: WizardStep[], b: WizardStep[]) => a.join() === b.join();

const defaultLinks = (): ProjectLinkInput[] => [];

export function ProjectWizard({ project, linkable, tools, annotationRules, dataRules, errorGroups, search, after }: ProjectWizardProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveProjectStep();
  const change = useChangeProject();
  // The step lives in the address too, so the draft's first save can move to its own address and go on with the next step.
  const [params, setParams] = useSearchParams();
  const id = project?.id ?? null;
  // The lifecycle the server enforces says whether the draft may be published; a draft still lacking steps is offered
  // the button too, so the refusal can say what is missing.
  const publishable = project ? allowedEvents(projectMachine, project.status, { published: project.published }).includes('project.publish') || project.status === 'waiting_for_improvement' : false;
  const wizard = useActorRef(projectWizardMachine, { input: { draft: id !== null, missing: project?.missing ?? [], publishable, asked: params.get('step') } });
  const step = useSelector(wizard, (snapshot) => snapshot.value.step as WizardStep);
  const publishing = useSelector(wizard, (snapshot) => snapshot.value.publish);
  const refusal = useSelector(wizard, (snapshot) => snapshot.context.refusal);
  const missing = useSelector(wizard, (snapshot) => (isComplete(snapshot.context) ? none : snapshot.context.missing));
  const enterable = useSelector(wizard, (snapshot) => wizardSteps.filter((s) => snapshot.can({ type: 'wizard.enter', step: s })), sameSteps);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [links, setLinks] = useState<ProjectLinkInput[]>(() => project?.links.map(({ id, type, name }) => ({ id, type, name })) ?? defaultLinks());
  const fixed = project?.links.some((l) => l.tasks > 0) ?? false;

  useEffect(() => {
    wizard.send({ type: 'wizard.project', draft: project !== null, missing: project?.missing ?? [], publishable });
  }, [wizard, project, publishable]);

  const enter = (next: WizardStep) => {
    wizard.send({ type: 'wizard.enter', step: next });
    setParams({ step: wizard.getSnapshot().value.step }, { replace: true });
  };

  const saveStep = (saved: StepSave) => {
    setErrors({});
    save.mutate(
      { id, save: saved },
      {
        onSuccess: (answer) => {
          toast.success(t('projects_step_saved'));
          wizard.send({ type: 'wizard.saved', step: saved.step });
          navigate(`/project/new/${answer.id}?step=${wizard.getSnapshot().value.step}`, { replace: true });
        },
        onError: (error) => {
          setErrors(serverFieldErrors(error));
          toast.error(error instanceof ApiError ? error.message : t('request_fail'));
        },
      },
    );
  };

  const publish = () => {
    if (!id) return;
    wizard.send({ type: 'wizard.confirm' });
    change.mutate(
      { id, verb: 'publish' },
      {
        onSuccess: () => {
          wizard.send({ type: 'wizard.published' });
          toast.success(t('projects_published'));
          navigate(`/project/datamanage/${id}`);
        },
        onError: (error) => {
          wizard.send({ type: 'wizard.refused', reasons: error instanceof ApiError ? error.fields.map((f) => f.message) : [] });
          toast.error(error instanceof ApiError ? error.message : t('request_fail'));
        },
      },
    );
  };

  return (
    <div className="grid gap-4">
      {project && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Badge variant="outline">{t(`project_status_${project.status}`)}</Badge>
          {missing.length > 0 && <span className="text-muted-foreground">{t('projects_missing', { steps: missing.map((s) => t(`projects_step_${s}`)).join(', ') })}</span>}
          {publishable && (
            <Button size="sm" onClick={() => wizard.send({ type: 'wizard.publish' })} disabled={publishing !== 'idle'}>
              {t('projects_publish')}
            </Button>
          )}
        </div>
      )}
      {publishing === 'confirming' && <PublishConfirm onCancel={() => wizard.send({ type: 'wizard.cancel' })} onConfirm={publish} />}
      {refusal.length > 0 && (
        <ul role="alert" className="grid gap-1 text-sm text-destructive">
          {refusal.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      <Tabs value={step} onValueChange={(value) => enter(value as WizardStep)}>
        <TabsList>
          {wizardSteps.map((s, index) => (
            <TabsTrigger key={s} value={s} disabled={!enterable.includes(s)}>
              {formatDigits(index + 1)}. {t(`projects_step_${s}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="basics">
          <BasicsForm initial={project?.basics ?? null} linkable={linkable.filter((p) => p.id !== project?.id)} serverErrors={errors} saving={save.isPending} onSave={(value) => saveStep({ step: 'basics', value })} />
        </TabsContent>
        <TabsContent value="tools">
          <ToolsStep annotationType={project?.basics.annotationType ?? 'picture_single_frame'} catalog={tools} useToolChoices={search.tools} initial={{ tools: project?.tools ?? [], groups: project?.groups ?? [] }} serverErrors={errors} saving={save.isPending} onSave={(value) => saveStep({ step: 'tools', value })} />
        </TabsContent>
        <TabsContent value="links">
          <div className="grid max-w-3xl gap-3">
            <LinkEditor links={links} onChange={(next) => (setLinks(next), setErrors({}))} errors={errors} fixed={fixed} />
            <div>
              <Button type="button" disabled={save.isPending} onClick={() => saveStep({ step: 'links', value: { links } })}>
                {t('projects_save_step')}
              </Button>
            </div>
          </div>
        </TabsContent>
        <TabsContent value="rules">
          <RulesStep
            annotationRules={annotationRules}
            errorGroups={errorGroups}
            dataRules={dataRules}
            useAnnotationRuleChoices={search.annotationRules}
            useDataRuleChoices={search.dataRules}
            initial={project?.rules ?? null}
            serverErrors={errors}
            saving={save.isPending}
            onSave={(value) => saveStep({ step: 'rules', value })}
          />
        </TabsContent>
        {project &&
          (['members', 'data'] as const).map((s) => (
            <TabsContent key={s} value={s} className="grid gap-3">
              {!project.published && <p className="text-sm text-muted-foreground">{t(`projects_step_${s}_hint`)}</p>}
              {after[s](project)}
            </TabsContent>
          ))}
      </Tabs>
    </div>
  );
}
