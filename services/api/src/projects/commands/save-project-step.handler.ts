// Saves one wizard step; the same append marks the project complete, or incomplete again, as the step leaves it.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError, type AppendResult, CommandPipeline, type CommandContext, EventStore, projectLifecycle } from '@annot/core';
import {
  evolveProject,
  linkChangeProblems,
  linkProblems,
  missingSteps,
  type ProjectBasics,
  type ProjectEvent,
  type ProjectLinkInput,
  type ProjectRules,
  type ProjectState,
  projectStreamId,
  type ProjectTools,
} from '@annot/workflows';
import { ProjectReferences } from '../project-references.service';
import { ProjectsRepository } from '../projects.repository';

export type ProjectStepInput =
  | { step: 'basics'; value: ProjectBasics }
  | { step: 'tools'; value: ProjectTools }
  | { step: 'links'; value: { links: ProjectLinkInput[] } }
  | { step: 'rules'; value: ProjectRules };

export class SaveProjectStepCommand {
  constructor(
    readonly projectId: string,
    readonly input: ProjectStepInput,
    readonly context: CommandContext,
    readonly expectedVersion?: bigint,
  ) {}
}

export function stepEvent(state: ProjectState, input: ProjectStepInput): ProjectEvent {
  const ref = { projectId: state.projectId!, title: input.step === 'basics' ? input.value.title : state.basics!.title };
  switch (input.step) {
    case 'basics':
      return { type: 'ProjectBasicsSaved', data: { ...ref, basics: input.value } };
    case 'tools':
      return { type: 'ProjectToolsSaved', data: { ...ref, tools: input.value.tools } };
    case 'links':
      return { type: 'ProjectLinksSaved', data: { ...ref, links: input.value.links } };
    case 'rules':
      return { type: 'ProjectRulesSaved', data: { ...ref, rules: input.value } };
  }
}

/** The events that follow a change of configuration: complete or incomplete again, as the change leaves it. */
export function completeness(before: ProjectState, changes: ProjectEvent[]): ProjectEvent[] {
  const after = changes.reduce(evolveProject, before);
  const missing = missingSteps(after);
  const ref = { projectId: after.projectId!, title: after.basics!.title };
  if (after.status === 'waiting_for_improvement' && missing.length === 0) return [{ type: 'ProjectMarkedComplete', data: ref }];
  if (after.status === 'waiting_for_publish' && missing.length > 0) return [{ type: 'ProjectMarkedIncomplete', data: { ...ref, missing } }];
  return [];
}

const linkErrors = (problems: { index: number; messageKey: string }[]) =>
  new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, problems.map((p) => ({ field: `links.${p.index}`, messageKey: p.messageKey })));

@CommandHandler(SaveProjectStepCommand)
export class SaveProjectStepHandler implements ICommandHandler<SaveProjectStepCommand, AppendResult> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly eventStore: EventStore,
    private readonly references: ProjectReferences,
    private readonly projects: ProjectsRepository,
  ) {}

  async execute({ projectId, input, context, expectedVersion }: SaveProjectStepCommand): Promise<AppendResult> {
    if (input.step === 'basics') await this.references.checkBasics(input.value, projectId);
    if (input.step === 'tools') await this.references.checkTools(input.value);
    if (input.step === 'rules') await this.references.checkRules(input.value);
    let checkedVersion = expectedVersion;
    if (input.step === 'links') {
      const problems = linkProblems(input.value.links);
      if (problems.length > 0) throw linkErrors(problems);
      // Appended only onto the version checked here, so another edit of the links cannot slip in between.
      const { state, version } = await this.eventStore.aggregate(projectStreamId(projectId), evolveProject as never, projectLifecycle.initial);
      const tasks = await this.projects.linkTasks(projectId);
      // A running import fills the first link's pool chunk by chunk, so that link already counts as holding tasks.
      const importing = await this.projects.importing(projectId);
      const before = ((state as ProjectState).links ?? []).map((l, i) => ({ id: l.id, type: l.type, tasks: Math.max(tasks.get(l.id) ?? 0, importing && i === 0 ? 1 : 0) }));
      const changeProblems = linkChangeProblems(before, input.value.links);
      if (changeProblems.length > 0) throw linkErrors(changeProblems);
      checkedVersion ??= version;
    }
    return this.pipeline.run(projectLifecycle, projectStreamId(projectId), context, {
      event: { type: 'project.edit' },
      expectedVersion: checkedVersion,
      decide: (state) => {
        const change = stepEvent(state, input);
        return [change, ...completeness(state, [change])];
      },
    });
  }
}
