// An admin gives an auditor the set of projects it reads, replacing the set before; the account machine allows it
// for an auditor's account only.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { accountLifecycle, type AppendResult, CommandPipeline, type CommandContext, NotFoundError } from '@annot/core';
import { accountStreamId } from '@annot/workflows';

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
        return [{ type: 'AuditorProjectsAssigned' as const, data: { accountId, projectIds } }];
      },
    });
  }
}
