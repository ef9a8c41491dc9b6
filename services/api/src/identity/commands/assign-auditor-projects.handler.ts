// An admin gives an auditor the set of projects it reads, replacing the set before; only an auditor gets projects.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { accountLifecycle, AppError, type AppendResult, CommandPipeline, type CommandContext, NotFoundError } from '@annot/core';
import { accountStreamId, Role } from '@annot/workflows';

export class AssignAuditorProjectsCommand {
  constructor(
    readonly accountId: string,
    readonly projectIds: string[],
    readonly context: CommandContext,
    readonly expectedVersion?: bigint,
  ) {}
}

@CommandHandler(AssignAuditorProjectsCommand)
export class AssignAuditorProjectsHandler implements ICommandHandler<AssignAuditorProjectsCommand, AppendResult> {
  constructor(private readonly pipeline: CommandPipeline) {}

  execute({ accountId, projectIds, context, expectedVersion }: AssignAuditorProjectsCommand): Promise<AppendResult> {
    return this.pipeline.run(accountLifecycle, accountStreamId(accountId), context, {
      event: { type: 'account.assign_projects' },
      expectedVersion,
      decide: (state) => {
        if (!state.profile) throw new NotFoundError('things.account', accountId);
        if (state.profile.role !== Role.Auditor) throw new AppError(409, 'INVALID_TRANSITION', 'people.not_auditor');
        return [{ type: 'AuditorProjectsAssigned' as const, data: { accountId, projectIds } }];
      },
    });
  }
}
