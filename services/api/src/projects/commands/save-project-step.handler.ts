// Saves one wizard step after the checks that need other contexts (catalog references, tasks in the links); what it
// appends is the wizard's decision in workflows.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError, type AppendResult, CommandPipeline, type CommandContext, projectLifecycle } from '@annot/core';
import { decideStep, linkChangeProblems, linkProblems, type ProjectStepInput, projectStreamId } from '@annot/workflows';
import { ProjectReferences } from '../project-references.service';
import { ProjectsRepository } from '../projects.repository';

export class SaveProjectStepCommand {
  constructor(
    readonly projectId: string,
    readonly input: ProjectStepInput,
    readonly context: CommandContext,
    readonly expectedVersion?: bigint,
  ) {}
}

const linkErrors = (problems: { index: number; messageKey: string }[]) =>
  new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, problems.map((p) => ({ field: `links.${p.index}`, messageKey: p.messageKey })));

@CommandHandler(SaveProjectStepCommand)
export class SaveProjectStepHandler implements ICommandHandler<SaveProjectStepCommand, AppendResult> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly references: ProjectReferences,
    private readonly projects: ProjectsRepository,
  ) {}

  async execute({ projectId, input, context, expectedVersion }: SaveProjectStepCommand): Promise<AppendResult> {
    if (input.step === 'basics') await this.references.checkBasics(input.value, projectId);
    if (input.step === 'basics' || input.step === 'tools') {
      const { state } = await this.pipeline.load(projectLifecycle, projectStreamId(projectId));
      if (input.step === 'basics') await this.references.checkToolsKept(state.tools ?? [], input.value.annotationType);
      else if (state.basics) await this.references.checkTools(input.value, state.basics.annotationType);
    }
    if (input.step === 'rules') await this.references.checkRules(input.value);
    let checkedVersion = expectedVersion;
    if (input.step === 'links') {
      const problems = linkProblems(input.value.links);
      if (problems.length > 0) throw linkErrors(problems);
      // Appended only onto the version checked here, so another edit of the links cannot slip in between.
      const { state, version } = await this.pipeline.load(projectLifecycle, projectStreamId(projectId));
      const tasks = await this.projects.linkTasks(projectId);
      // A running import fills the first link's pool chunk by chunk, so that link already counts as holding tasks.
      const importing = await this.projects.importing(projectId);
      const before = (state.links ?? []).map((l, i) => ({ id: l.id, type: l.type, tasks: Math.max(tasks.get(l.id) ?? 0, importing && i === 0 ? 1 : 0) }));
      const changeProblems = linkChangeProblems(before, input.value.links);
      if (changeProblems.length > 0) throw linkErrors(changeProblems);
      checkedVersion ??= version;
    }
    return this.pipeline.run(projectLifecycle, projectStreamId(projectId), context, {
      event: { type: 'project.edit' },
      expectedVersion: checkedVersion,
      decide: (state) => decideStep(state, input),
    });
  }
}
