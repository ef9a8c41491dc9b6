// Creates, renames, versions or deletes an annotation rule; a rule a project cites is never deleted.
import { randomUUID } from 'node:crypto';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { annotationRuleLifecycle, AppError, type AppendResult, CommandPipeline, type CommandContext, uniqueAs } from '@annot/core';
import { type AnnotationRuleEvent, type AnnotationRuleInput, annotationRuleStreamId, type RuleFile } from '@annot/workflows';
import { AnnotationRulesRepository } from '../annotation-rules.repository';

export type AnnotationRuleChange =
  | { kind: 'create'; rule: AnnotationRuleInput }
  | { kind: 'edit'; rule: AnnotationRuleInput }
  | { kind: 'richtext'; html: string; note: string }
  | { kind: 'pdf'; file: RuleFile; note: string }
  | { kind: 'delete' };

export class ChangeAnnotationRuleCommand {
  constructor(
    readonly ruleId: string | null,
    readonly change: AnnotationRuleChange,
    readonly context: CommandContext,
    readonly expectedVersion?: bigint,
  ) {}
}

@CommandHandler(ChangeAnnotationRuleCommand)
export class ChangeAnnotationRuleHandler implements ICommandHandler<ChangeAnnotationRuleCommand, AppendResult> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly rules: AnnotationRulesRepository,
  ) {}

  async execute({ ruleId, change, context, expectedVersion }: ChangeAnnotationRuleCommand): Promise<AppendResult> {
    const id = ruleId ?? randomUUID();
    if (change.kind === 'delete' && (await this.rules.cited(id))) throw new AppError(409, 'RULE_IN_USE', 'catalog.annotation_rule_in_use');
    return uniqueAs('annotation_rules_name_idx', 'name', 'catalog.annotation_rule_name_exists', () =>
      this.pipeline.run(annotationRuleLifecycle, annotationRuleStreamId(id), context, {
        event: change.kind === 'create' ? undefined : { type: change.kind === 'delete' ? 'entry.delete' : 'entry.edit' },
        expectedVersion,
        decide: (state): AnnotationRuleEvent[] => {
          const name = state.rule?.name ?? '';
          const ruleVersion = state.latestVersion + 1;
          switch (change.kind) {
            case 'create':
              return [{ type: 'AnnotationRuleCreated', data: { ruleId: id, ...change.rule } }];
            case 'edit':
              return [{ type: 'AnnotationRuleEdited', data: { ruleId: id, ...change.rule } }];
            case 'richtext':
              return [{ type: 'AnnotationRuleVersionAdded', data: { ruleId: id, name, ruleVersion, note: change.note, kind: 'richtext', html: change.html } }];
            case 'pdf':
              return [{ type: 'AnnotationRuleVersionAdded', data: { ruleId: id, name, ruleVersion, note: change.note, kind: 'pdf', file: change.file } }];
            case 'delete':
              return [{ type: 'AnnotationRuleDeleted', data: { ruleId: id, name } }];
          }
        },
      }),
    );
  }
}
