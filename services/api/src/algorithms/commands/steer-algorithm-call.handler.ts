// A PM stops a call (what is left is not sent), or restarts a stopped one from the first chunk with items left.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { algorithmCallLifecycle, CommandPipeline, type CommandContext, JobName } from '@annot/core';
import { type AlgorithmCallEvent, algorithmCallStreamId } from '@annot/workflows';
import type { AlgorithmCallAnswer } from './start-algorithm-call.handler';

export class SteerAlgorithmCallCommand {
  constructor(
    readonly callId: string,
    readonly action: 'stop' | 'restart',
    readonly context: CommandContext,
  ) {}
}

@CommandHandler(SteerAlgorithmCallCommand)
export class SteerAlgorithmCallHandler implements ICommandHandler<SteerAlgorithmCallCommand, AlgorithmCallAnswer> {
  constructor(private readonly pipeline: CommandPipeline) {}

  async execute({ callId, action, context }: SteerAlgorithmCallCommand): Promise<AlgorithmCallAnswer> {
    const by = context.actor.id;
    const result = await this.pipeline.run(algorithmCallLifecycle, algorithmCallStreamId(callId), context, {
      event: { type: `call.${action}` },
      decide: (state): AlgorithmCallEvent[] => {
        if (action === 'stop') return [{ type: 'AlgorithmCallStopped', data: { callId, reasonKey: 'algorithms.stopped_by', params: {}, stoppedBy: by } }];
        const restarted: AlgorithmCallEvent = { type: 'AlgorithmCallRestarted', data: { callId, chunk: state.completedChunks, restartedBy: by } };
        // Stopped between its last chunk and its end: restarting ends it.
        return state.completedChunks >= state.chunks ? [restarted, { type: 'AlgorithmCallFinished', data: { callId } }] : [restarted];
      },
      outbox: (state) => (action === 'restart' && state.completedChunks < state.chunks ? [{ name: JobName.CallAlgorithm, data: { callId, chunk: state.completedChunks } }] : []),
    });
    return { callId, version: result.version.toString() };
  }
}
