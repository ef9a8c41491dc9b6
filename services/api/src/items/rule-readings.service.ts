// Where a person stands with a project's annotation rule: which version to read, for how long, and from when on
// they may claim.
import { Injectable } from '@nestjs/common';
import type { RawBuilder } from 'kysely';
import { AppError, LifecycleStates, projectStateRow, ruleReadingLifecycle, streamIdOver, type StreamOfRow, type UnitOfWork } from '@annot/core';
import { type ProjectRules, readingDue, type RuleReadingView, ruleReadingStreamId } from '@annot/workflows';
import { RuleReadingsRepository } from './rule-readings.repository';
import { ItemsRepository } from './items.repository';

export type { RuleReadingView };

const demandOf = (rules: ProjectRules) => ({ ...rules.annotationRule, countdownSeconds: rules.countdownSeconds, rereadByAnnotator: rules.rereadByAnnotator });

@Injectable()
export class RuleReadings {
  constructor(
    private readonly states: LifecycleStates,
    private readonly readings: RuleReadingsRepository,
    private readonly items: ItemsRepository,
  ) {}

  async rules(projectId: string): Promise<ProjectRules | null> {
    return (await this.states.read(projectStateRow, projectId)).state.rules;
  }

  async view(projectId: string, accountId: string): Promise<RuleReadingView> {
    const rules = await this.rules(projectId);
    if (!rules) return { required: false, ruleId: null, ruleVersion: null, countdownSeconds: 0, readyAt: null, opened: false, name: null, html: null, fileName: null };
    const state = await this.readings.reading(projectId, accountId);
    const due = readingDue(state, demandOf(rules), new Date());
    const text = await this.items.ruleText(rules.annotationRule.ruleId, rules.annotationRule.ruleVersion);
    return {
      required: true,
      ...rules.annotationRule,
      countdownSeconds: rules.countdownSeconds,
      readyAt: due === 'unopened' ? null : due,
      opened: due !== 'unopened',
      name: text?.name ?? null,
      html: text?.html ?? null,
      fileName: text?.fileId ? text.fileName : null,
    };
  }

  /** The stored PDF of the rule version the project asks its people to read; null when that version is rich text. */
  async fileId(projectId: string): Promise<string | null> {
    const rules = await this.rules(projectId);
    const text = rules && (await this.items.ruleText(rules.annotationRule.ruleId, rules.annotationRule.ruleVersion));
    return text?.fileId ?? null;
  }

  /** The person's reading stream `assertRead` folds, named by a row's project column, to read with that row. */
  stream(projectColumn: RawBuilder<unknown>, accountId: string): StreamOfRow {
    return { lifecycle: ruleReadingLifecycle, id: streamIdOver((projectId) => ruleReadingStreamId(projectId, accountId), projectColumn) };
  }

  /** Inside a claim: refuses until the rule was open for its countdown. */
  async assertRead(unit: UnitOfWork, projectId: string, rules: ProjectRules | null, accountId: string): Promise<void> {
    if (!rules) return;
    const { state } = await unit.load(ruleReadingLifecycle, ruleReadingStreamId(projectId, accountId));
    const due = readingDue(state, demandOf(rules), new Date());
    if (due === 'unopened') throw new AppError(409, 'RULE_UNREAD', 'items.rule_unopened');
    if (due) throw new AppError(409, 'RULE_UNREAD', 'items.rule_countdown', { readyAt: due });
  }
}
