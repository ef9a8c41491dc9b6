// An admin registers an algorithm with its first version; its credentials are sealed before they reach the log.
import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { algorithmLifecycle, type AppConfig, AppError, CommandPipeline, type CommandContext, CONFIG, sealSecret } from '@annot/core';
import { type AlgorithmEvent, algorithmStreamId, type RegisterAlgorithmInput } from '@annot/workflows';
import { AlgorithmsRepository } from '../algorithms.repository';

export class RegisterAlgorithmCommand {
  constructor(
    readonly input: RegisterAlgorithmInput,
    readonly context: CommandContext,
  ) {}
}

export interface AlgorithmAnswer {
  id: string;
  version: string;
}

export const interfaceNameTaken = (value: string) => new AppError(409, 'ALGORITHM_REFUSED', 'algorithms.interface_name_taken', { value });

@CommandHandler(RegisterAlgorithmCommand)
export class RegisterAlgorithmHandler implements ICommandHandler<RegisterAlgorithmCommand, AlgorithmAnswer> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly algorithms: AlgorithmsRepository,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ input, context }: RegisterAlgorithmCommand): Promise<AlgorithmAnswer> {
    if (await this.algorithms.interfaceNameTaken(input.interfaceName)) throw interfaceNameTaken(input.interfaceName);
    const algorithmId = randomUUID();
    const { version, endpoint, credentials, ...described } = input;
    const events: AlgorithmEvent[] = [
      { type: 'AlgorithmRegistered', data: { algorithmId, ...described, registeredBy: context.actor.id } },
      {
        type: 'AlgorithmVersionAdded',
        data: { algorithmId, versionId: randomUUID(), version, endpoint, credentials: credentials ? sealSecret(this.config.secretKey, credentials) : null, description: '', addedBy: context.actor.id },
      },
    ];
    try {
      const result = await this.pipeline.run(algorithmLifecycle, algorithmStreamId(algorithmId), context, { decide: () => events });
      return { id: result.streamId.slice('algorithm-'.length), version: result.version.toString() };
    } catch (error) {
      // Two admins registering one name at once: the registry's unique name refuses the second.
      if ((error as { code?: string }).code === '23505') throw interfaceNameTaken(input.interfaceName);
      throw error;
    }
  }
}
