// The worker's steps of a call that touch only the call: a planned page, the start of sending or an empty call's
// end, and a wait or stop while the endpoint's circuit is open. Each is an event through the call machine.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { algorithmCallLifecycle, type AppendResult, CommandPipeline, type CommandContext } from '@annot/core';
import { type AlgorithmCallEvent, algorithmCallStreamId } from '@annot/workflows';
import type { OutboxMessage } from '@annot/core';

export class RecordCallStepCommand {
  constructor(
    readonly callId: string,
    /** The machine event the step sends. */
    readonly machineEvent: 'call.plan' | 'call.dispatch' | 'call.finish' | 'call.interrupt' | 'call.stop',
    readonly events: AlgorithmCallEvent[],
    readonly outbox: OutboxMessage[],
    readonly context: CommandContext,
  ) {}
}

@CommandHandler(RecordCallStepCommand)
export class RecordCallStepHandler implements ICommandHandler<RecordCallStepCommand, AppendResult> {
  constructor(private readonly pipeline: CommandPipeline) {}

  execute({ callId, machineEvent, events, outbox, context }: RecordCallStepCommand): Promise<AppendResult> {
    return this.pipeline.run(algorithmCallLifecycle, algorithmCallStreamId(callId), context, {
      event: { type: machineEvent },
      decide: () => events,
      outbox: () => outbox,
    });
  }
}
