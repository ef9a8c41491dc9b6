// Creates a team or edits one.
import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type AppendResult, CommandPipeline, type CommandContext, teamLifecycle, uniqueAs } from '@annot/core';
import { type TeamProfile, teamStreamId } from '@annot/workflows';

export class SaveTeamCommand {
  constructor(
    readonly teamId: string | null,
    readonly profile: TeamProfile,
    readonly context: CommandContext,
    readonly expectedVersion?: bigint,
  ) {}
}

@CommandHandler(SaveTeamCommand)
export class SaveTeamHandler implements ICommandHandler<SaveTeamCommand, AppendResult> {
  constructor(private readonly pipeline: CommandPipeline) {}

  execute(command: SaveTeamCommand): Promise<AppendResult> {
    return uniqueAs('teams_name_idx', 'name', 'team.name_taken', () => this.save(command));
  }

  private save({ teamId, profile, context, expectedVersion }: SaveTeamCommand): Promise<AppendResult> {
    if (teamId === null) {
      const id = randomUUID();
      return this.pipeline.run(teamLifecycle, teamStreamId(id), context, {
        decide: () => [{ type: 'TeamCreated' as const, data: { teamId: id, ...profile } }],
      });
    }
    return this.pipeline.run(teamLifecycle, teamStreamId(teamId), context, {
      event: { type: 'team.edit' },
      expectedVersion,
      decide: () => [{ type: 'TeamEdited' as const, data: { teamId, changes: profile } }],
    });
  }
}
