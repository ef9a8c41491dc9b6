// Clones a project into a new draft with the same configuration: new link ids, no members, no data.
import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type AppendResult, CommandPipeline, type CommandContext, EventStore, NotFoundError, projectLifecycle } from '@annot/core';
import { evolveProject, initialProjectState, type ProjectEvent, type ProjectState, projectStreamId } from '@annot/workflows';
import { completeness } from './save-project-step.handler';

export class CloneProjectCommand {
  constructor(
    readonly sourceId: string,
    readonly context: CommandContext,
  ) {}
}

const copyTitle = (title: string) => `${title.slice(0, 92)} (copy)`;

@CommandHandler(CloneProjectCommand)
export class CloneProjectHandler implements ICommandHandler<CloneProjectCommand, AppendResult> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly eventStore: EventStore,
  ) {}

  async execute({ sourceId, context }: CloneProjectCommand): Promise<AppendResult> {
    const { state: source } = await this.eventStore.aggregate<ProjectState>(projectStreamId(sourceId), evolveProject as never, initialProjectState);
    if (source.status === 'none' || !source.basics) throw new NotFoundError('things.project', sourceId);
    const projectId = randomUUID();
    const basics = { ...source.basics, title: copyTitle(source.basics.title) };
    const ref = { projectId, title: basics.title };
    return this.pipeline.run(projectLifecycle, projectStreamId(projectId), context, {
      decide: () => {
        const drafted: ProjectEvent = { type: 'ProjectDrafted', data: { ...ref, basics, clonedFrom: sourceId } };
        const steps: ProjectEvent[] = [
          ...(source.tools ? [{ type: 'ProjectToolsSaved' as const, data: { ...ref, tools: source.tools } }] : []),
          ...(source.links ? [{ type: 'ProjectLinksSaved' as const, data: { ...ref, links: source.links.map(({ type, name }) => ({ id: randomUUID(), type, name })) } }] : []),
          ...(source.rules ? [{ type: 'ProjectRulesSaved' as const, data: { ...ref, rules: source.rules } }] : []),
        ];
        const draft = evolveProject(initialProjectState, drafted);
        return [drafted, ...steps, ...completeness(draft, steps)];
      },
    });
  }
}
