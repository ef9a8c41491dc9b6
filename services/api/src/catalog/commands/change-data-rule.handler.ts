// Creates, renames, versions or deletes an import/export data rule; a version's document must follow the published schema.
import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError, type AppendResult, CommandPipeline, type CommandContext, dataRuleLifecycle, uniqueAs } from '@annot/core';
import { dataRuleDocument, type DataRuleEvent, type DataRuleInput, dataRuleStreamId } from '@annot/workflows';
import { fieldErrorsOf } from '../../http/validation.pipe';

export type DataRuleChange =
  | { kind: 'create'; rule: DataRuleInput }
  | { kind: 'edit'; rule: DataRuleInput }
  | { kind: 'version'; document: unknown; note: string }
  | { kind: 'delete' };

export class ChangeDataRuleCommand {
  constructor(
    readonly ruleId: string | null,
    readonly change: DataRuleChange,
    readonly context: CommandContext,
    readonly expectedVersion?: bigint,
  ) {}
}

@CommandHandler(ChangeDataRuleCommand)
export class ChangeDataRuleHandler implements ICommandHandler<ChangeDataRuleCommand, AppendResult> {
  constructor(private readonly pipeline: CommandPipeline) {}

  async execute({ ruleId, change, context, expectedVersion }: ChangeDataRuleCommand): Promise<AppendResult> {
    const id = ruleId ?? randomUUID();
    const document = change.kind === 'version' ? this.checked(change.document) : null;
    return uniqueAs('data_rules_name_idx', 'name', 'catalog.data_rule_name_exists', () =>
      this.pipeline.run(dataRuleLifecycle, dataRuleStreamId(id), context, {
        event: change.kind === 'create' ? undefined : { type: change.kind === 'delete' ? 'entry.delete' : 'entry.edit' },
        expectedVersion,
        decide: (state): DataRuleEvent[] => {
          const name = state.rule?.name ?? '';
          switch (change.kind) {
            case 'create':
              return [{ type: 'DataRuleCreated', data: { ruleId: id, ...change.rule } }];
            case 'edit':
              return [{ type: 'DataRuleEdited', data: { ruleId: id, ...change.rule } }];
            case 'version':
              return [{ type: 'DataRuleVersionAdded', data: { ruleId: id, name, ruleVersion: state.latestVersion + 1, document: document!, note: change.note } }];
            case 'delete':
              return [{ type: 'DataRuleDeleted', data: { ruleId: id, name } }];
          }
        },
      }),
    );
  }

  private checked(document: unknown) {
    const result = dataRuleDocument.safeParse(document);
    if (result.success) return result.data;
    const fields = fieldErrorsOf(result.error).map((f) => ({ ...f, field: f.field === '(root)' ? 'document' : `document.${f.field}` }));
    throw new AppError(400, 'VALIDATION_FAILED', 'catalog.data_rule_document_invalid', {}, fields);
  }
}
