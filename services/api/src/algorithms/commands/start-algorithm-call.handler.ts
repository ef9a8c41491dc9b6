// A PM or admin calls an algorithm the project's algorithm config names on a batch or an annotation link's pool: the
// version, score threshold and control group come from the input, else from that config; the call's record is made
// with the seed of its control-group draw, and the worker plans and sends it.
import { randomInt, randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { algorithmCallLifecycle, algorithmLifecycle, AppError, CommandPipeline, type CommandContext, JobName, NotFoundError, projectLifecycle } from '@annot/core';
import {
  algorithmCallStreamId,
  algorithmMachine,
  algorithmStreamId,
  decide,
  type ProjectAlgorithmConfig,
  projectStreamId,
  type StartAlgorithmCallInput,
  versionOf,
} from '@annot/workflows';
import { AlgorithmsRepository } from '../algorithms.repository';

export class StartAlgorithmCallCommand {
  constructor(
    readonly input: StartAlgorithmCallInput,
    readonly context: CommandContext,
  ) {}
}

export interface AlgorithmCallAnswer {
  callId: string;
  version: string;
}

@CommandHandler(StartAlgorithmCallCommand)
export class StartAlgorithmCallHandler implements ICommandHandler<StartAlgorithmCallCommand, AlgorithmCallAnswer> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly algorithms: AlgorithmsRepository,
  ) {}

  async execute({ input, context }: StartAlgorithmCallCommand): Promise<AlgorithmCallAnswer> {
    const { state: project } = await this.pipeline.load(projectLifecycle, projectStreamId(input.projectId));
    if (project.status === 'none') throw new NotFoundError('things.project', input.projectId);
    if (!(await this.algorithms.scopeBelongs(input.projectId, input.scope))) {
      throw input.scope.type === 'batch' ? new NotFoundError('things.batch', input.scope.batchId) : new NotFoundError('things.link', input.scope.linkId);
    }
    const { state: algorithm } = await this.pipeline.load(algorithmLifecycle, algorithmStreamId(input.algorithmId));
    if (algorithm.status === 'none') throw new NotFoundError('things.algorithm', input.algorithmId);
    if (!decide(algorithmMachine, algorithm.status, {}, { type: 'algorithm.call' }).allowed) throw new AppError(409, 'ALGORITHM_REFUSED', 'algorithms.disabled');

    const config = project.basics?.algorithmConfig ?? null;
    const entry = configEntry(config, input);
    // The project's own switch: it calls only the algorithms its algorithm config names.
    if (!entry) throw new AppError(409, 'ALGORITHM_REFUSED', 'algorithms.not_in_project');
    const version = versionOf(algorithm, input.versionId ?? entry.versionId);
    if (!version) throw new NotFoundError('things.algorithm_version', input.versionId ?? entry.versionId ?? '-');
    const callId = randomUUID();
    const result = await this.pipeline.run(algorithmCallLifecycle, algorithmCallStreamId(callId), context, {
      decide: () => [
        {
          type: 'AlgorithmCallRequested' as const,
          data: {
            callId,
            projectId: input.projectId,
            algorithmId: input.algorithmId,
            versionId: version.versionId,
            version: version.version,
            scope: input.scope,
            scoreThreshold: input.scoreThreshold ?? entry.scoreThreshold,
            controlGroupRatio: input.controlGroupRatio ?? config!.controlGroupRatio,
            drawSeed: randomInt(2 ** 31),
            requestedBy: context.actor.id,
          },
        },
      ],
      outbox: () => [{ name: JobName.PlanAlgorithmCall, data: { callId } }],
    });
    // A repeated Idempotency-Key answers with the call the first request made.
    return { callId: result.streamId.slice('algorithm_call-'.length), version: result.version.toString() };
  }
}

/** The project's setting for this algorithm: on a link, the one for that link or for any; on a batch, any one. */
function configEntry(config: ProjectAlgorithmConfig | null, input: StartAlgorithmCallInput) {
  const entries = (config?.calls ?? []).filter((c) => c.algorithmId === input.algorithmId);
  const anyLink = entries.find((c) => c.linkId === null);
  if (input.scope.type === 'link') {
    const { linkId } = input.scope;
    return entries.find((c) => c.linkId === linkId) ?? anyLink;
  }
  return anyLink ?? entries[0];
}
