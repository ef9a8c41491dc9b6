// Saves or deletes a simple catalog entry; a clash on its unique field is a field error, not a failure.
import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type AppendResult, CommandPipeline, type CommandContext, uniqueAs } from '@annot/core';
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
    return uniqueAs(kind.unique.index, kind.unique.field, kind.unique.messageKey, () =>
      this.pipeline.run(kind.lifecycle, kind.streamId(entryId), context, {
        event: id === null ? undefined : { type: input === null ? 'entry.delete' : 'entry.edit' },
        expectedVersion,
        decide: (state) => [input === null ? kind.deleted(entryId, state) : kind.saved(entryId, input)],
      }),
    );
  }
}
