// A person opens the project's annotation rule: the first opening of each version starts its countdown.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CommandPipeline, type CommandContext, ruleReadingLifecycle } from '@annot/core';
import type { ProjectRules } from '@annot/workflows';
import { ruleReadingStreamId } from '@annot/workflows';

export class OpenRuleCommand {
  constructor(
    readonly projectId: string,
    readonly rules: ProjectRules,
    readonly context: CommandContext,
  ) {}
}

@CommandHandler(OpenRuleCommand)
export class OpenRuleHandler implements ICommandHandler<OpenRuleCommand> {
  constructor(private readonly pipeline: CommandPipeline) {}

  async execute({ projectId, rules, context }: OpenRuleCommand): Promise<void> {
    const accountId = context.actor.id;
    const streamId = ruleReadingStreamId(projectId, accountId);
    const { state } = await this.pipeline.load(ruleReadingLifecycle, streamId);
    const { ruleId, ruleVersion } = rules.annotationRule;
    if (`${ruleId}@${ruleVersion}` in state.opened) return;
    await this.pipeline.run(ruleReadingLifecycle, streamId, context, {
      event: state.status === 'none' ? undefined : { type: 'reading.open' },
      decide: () => [
        { type: 'AnnotationRuleOpened', data: { projectId, accountId, ruleId, ruleVersion, openedAt: new Date().toISOString(), countdownSeconds: rules.countdownSeconds } },
      ],
    });
  }
}
