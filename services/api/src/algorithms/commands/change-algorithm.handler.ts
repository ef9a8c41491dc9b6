// An admin edits an algorithm, adds a version (a new entry in its history) or switches it on or off.
import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { algorithmLifecycle, type AppConfig, AppError, CommandPipeline, type CommandContext, CONFIG, sealSecret } from '@annot/core';
import { type AddAlgorithmVersionInput, type AlgorithmEvent, type AlgorithmState, algorithmStreamId, type EditAlgorithmInput } from '@annot/workflows';
import type { AlgorithmAnswer } from './register-algorithm.handler';

export type AlgorithmChange = { kind: 'edit'; input: EditAlgorithmInput } | { kind: 'add_version'; input: AddAlgorithmVersionInput } | { kind: 'enable' } | { kind: 'disable' };

export class ChangeAlgorithmCommand {
  constructor(
    readonly algorithmId: string,
    readonly change: AlgorithmChange,
    readonly expectedVersion: bigint | undefined,
    readonly context: CommandContext,
  ) {}
}

@CommandHandler(ChangeAlgorithmCommand)
export class ChangeAlgorithmHandler implements ICommandHandler<ChangeAlgorithmCommand, AlgorithmAnswer> {
  constructor(
    private readonly pipeline: CommandPipeline,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ algorithmId, change, expectedVersion, context }: ChangeAlgorithmCommand): Promise<AlgorithmAnswer> {
    const result = await this.pipeline.run(algorithmLifecycle, algorithmStreamId(algorithmId), context, {
      event: { type: `algorithm.${change.kind}` },
      expectedVersion,
      decide: (state) => [this.eventOf(algorithmId, change, state, context.actor.id)],
    });
    return { id: algorithmId, version: result.version.toString() };
  }

  /** `undefined` credentials keep the stored ones, null removes them, a text replaces them. */
  private seal(credentials: string | null | undefined) {
    return credentials === undefined || credentials === null ? credentials : sealSecret(this.config.secretKey, credentials);
  }

  private eventOf(algorithmId: string, change: AlgorithmChange, state: AlgorithmState, actorId: string): AlgorithmEvent {
    switch (change.kind) {
      case 'edit': {
        const { credentials, ...fields } = change.input;
        const sealed = this.seal(credentials);
        return { type: 'AlgorithmEdited', data: { algorithmId, ...fields, ...(sealed === undefined ? {} : { credentials: sealed }) } };
      }
      case 'add_version': {
        const { version, endpoint, credentials, description } = change.input;
        if (state.versions.some((v) => v.version === version)) throw new AppError(409, 'ALGORITHM_REFUSED', 'algorithms.version_taken', { value: version });
        return { type: 'AlgorithmVersionAdded', data: { algorithmId, versionId: randomUUID(), version, endpoint, credentials: this.seal(credentials) ?? null, description, addedBy: actorId } };
      }
      case 'enable':
      case 'disable':
        return { type: 'AlgorithmSwitched', data: { algorithmId, enabled: change.kind === 'enable' } };
    }
  }
}
