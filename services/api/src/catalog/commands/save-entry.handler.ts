// Saves or deletes a simple catalog entry; a clash on its unique field is a field error, not a failure.
import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError, type AppendResult, CommandPipeline, type CommandContext } from '@annot/core';
import type { EntryKind } from '../catalog-entries';

export class SaveEntryCommand<T = unknown> {
  constructor(
    readonly kind: EntryKind<T>,
    readonly id: string | null,
    readonly input: T | null,
    readonly context: CommandContext,
    readonly expectedVersion?: bigint,
  ) {}
}

@CommandHandler(SaveEntryCommand)
export class SaveEntryHandler implements ICommandHandler<SaveEntryCommand, AppendResult> {
  constructor(private readonly pipeline: CommandPipeline) {}

  async execute({ kind, id, input, context, expectedVersion }: SaveEntryCommand): Promise<AppendResult> {
    const entryId = id ?? randomUUID();
    try {
      return await this.pipeline.run(kind.lifecycle, kind.streamId(entryId), context, {
        event: id === null ? undefined : { type: input === null ? 'entry.delete' : 'entry.edit' },
        expectedVersion,
        decide: (state) => [input === null ? kind.deleted(entryId, state) : kind.saved(entryId, input)],
      });
    } catch (error) {
      if ((error as { constraint?: string }).constraint === kind.unique.index) {
        throw new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, [{ field: kind.unique.field, messageKey: kind.unique.messageKey }]);
      }
      throw error;
    }
  }
}
