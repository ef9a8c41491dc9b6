// A supplier groups its own taggers within a link its team works on, and removes a group again.
import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError, type AppendResult, CommandPipeline, type CommandContext, NotFoundError, projectLifecycle } from '@annot/core';
import { type LinkGroupInput, type ProjectEvent, type ProjectState, projectStreamId } from '@annot/workflows';

export class SaveLinkGroupCommand {
  constructor(
    readonly projectId: string,
    readonly linkId: string,
    /** null makes a new group. */
    readonly groupId: string | null,
    /** null deletes the group. */
    readonly group: LinkGroupInput | null,
    readonly teamId: string,
    readonly context: CommandContext,
  ) {}
}

function linkOfTeam(state: ProjectState, linkId: string, teamId: string) {
  const link = state.links?.find((l) => l.id === linkId);
  if (!link) throw new NotFoundError('things.link', linkId);
  if (!link.members.teamIds.includes(teamId)) throw new AppError(403, 'FORBIDDEN', 'projects.team_not_on_link');
  return link;
}

@CommandHandler(SaveLinkGroupCommand)
export class SaveLinkGroupHandler implements ICommandHandler<SaveLinkGroupCommand, AppendResult & { groupId: string }> {
  constructor(private readonly pipeline: CommandPipeline) {}

  async execute({ projectId, linkId, groupId, group, teamId, context }: SaveLinkGroupCommand): Promise<AppendResult & { groupId: string }> {
    const id = groupId ?? randomUUID();
    const result = await this.pipeline.run(projectLifecycle, projectStreamId(projectId), context, {
      event: { type: 'project.edit' },
      decide: (state): ProjectEvent[] => {
        const link = linkOfTeam(state, linkId, teamId);
        const ref = { projectId, title: state.basics!.title, linkId, groupId: id };
        if (groupId !== null) {
          const existing = link.groups.find((g) => g.groupId === groupId);
          if (!existing || existing.teamId !== teamId) throw new NotFoundError('things.group', groupId);
        }
        if (group === null) return [{ type: 'LinkGroupDeleted', data: ref }];
        return [{ type: 'LinkGroupSaved', data: { ...ref, teamId, name: group.name, taggerIds: [...new Set(group.taggerIds)] } }];
      },
    });
    return { ...result, groupId: id };
  }
}
