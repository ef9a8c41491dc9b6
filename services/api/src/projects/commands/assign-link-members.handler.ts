// The PM chooses the supplier teams and taggers of one link.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type AppendResult, CommandPipeline, type CommandContext, NotFoundError, projectLifecycle } from '@annot/core';
import { type LinkMembersInput, projectStreamId } from '@annot/workflows';

export class AssignLinkMembersCommand {
  constructor(
    readonly projectId: string,
    readonly linkId: string,
    readonly members: LinkMembersInput,
    readonly context: CommandContext,
    readonly expectedVersion?: bigint,
  ) {}
}

@CommandHandler(AssignLinkMembersCommand)
export class AssignLinkMembersHandler implements ICommandHandler<AssignLinkMembersCommand, AppendResult> {
  constructor(private readonly pipeline: CommandPipeline) {}

  execute({ projectId, linkId, members, context, expectedVersion }: AssignLinkMembersCommand): Promise<AppendResult> {
    return this.pipeline.run(projectLifecycle, projectStreamId(projectId), context, {
      event: { type: 'project.edit' },
      expectedVersion,
      decide: (state) => {
        if (!state.links?.some((l) => l.id === linkId)) throw new NotFoundError('things.link', linkId);
        const teamIds = [...new Set(members.teamIds)];
        const taggerIds = [...new Set(members.taggerIds)];
        return [{ type: 'LinkMembersAssigned' as const, data: { projectId, title: state.basics!.title, linkId, teamIds, taggerIds } }];
      },
    });
  }
}
