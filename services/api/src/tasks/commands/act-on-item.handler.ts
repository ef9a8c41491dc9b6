// One person's action on one item: save, submit, release, mark invalid or valid, pass, reject, judge an invalid mark,
// recycle or accept a held item. Who may act is the item machine's and the deciders' rule.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CommandPipeline, type CommandContext, NotFoundError } from '@annot/core';
import {
  acceptHeldItem,
  confirmInvalidity,
  type ErrorMark,
  type ItemState,
  markInvalid,
  markValid,
  overturnInvalidity,
  passItem,
  recycleItem,
  rejectItem,
  releaseItem,
  type ResultConfig,
  type ResultDocument,
  saveResult,
  submitItem,
  type ToolInput,
} from '@annot/workflows';
import { type ItemDecider, ItemWork } from '../item-work.service';
import { TasksRepository } from '../tasks.repository';

export type ItemAction =
  | { kind: 'save'; result: ResultDocument }
  | { kind: 'submit' }
  | { kind: 'release' }
  | { kind: 'mark_invalid'; reasonId: string }
  | { kind: 'mark_valid' }
  | { kind: 'pass' }
  | { kind: 'reject'; marks: ErrorMark[] }
  | { kind: 'confirm_invalid' }
  | { kind: 'overturn_invalid' }
  | { kind: 'recycle'; target: 'annotation_pool' | 'same_link'; keepResult: boolean }
  | { kind: 'accept' };

export class ActOnItemCommand {
  constructor(
    readonly itemId: string,
    readonly action: ItemAction,
    readonly context: CommandContext,
    readonly expectedVersion?: bigint,
  ) {}
}

const byPerson = (type: string) => (who: { id: string; manager: boolean }) => ({ type, actorId: who.id, manager: who.manager }) as never;

@CommandHandler(ActOnItemCommand)
export class ActOnItemHandler implements ICommandHandler<ActOnItemCommand, { version: string; status: string }> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly tasks: TasksRepository,
    private readonly work: ItemWork,
  ) {}

  async execute({ itemId, action, context, expectedVersion }: ActOnItemCommand): Promise<{ version: string; status: string }> {
    const item = await this.tasks.poolItem(itemId);
    if (!item) throw new NotFoundError('things.item', itemId);
    const { value, results } = await this.pipeline.transact(context, async (unit) => {
      const { project, plan } = await this.work.plan(unit, item.projectId);
      const config = action.kind === 'save' || action.kind === 'submit' ? await this.config(itemId, project.tools ?? []) : null;
      return this.work.run(unit, item, plan, context.actor, this.decider(action, config), expectedVersion);
    });
    const state: ItemState | undefined = value;
    return { version: (results[0]?.version ?? 0n).toString(), status: state?.status ?? 'unchanged' };
  }

  private async config(itemId: string, tools: { toolId: string; toolVersion: number }[]): Promise<ResultConfig> {
    const definitions = await this.tasks.toolDefinitions(tools);
    return { tools: definitions.map((d) => ({ ...d, definition: d.definition as ToolInput })), image: await this.tasks.itemSize(itemId) };
  }

  private decider(action: ItemAction, config: ResultConfig | null): ItemDecider {
    const now = new Date();
    switch (action.kind) {
      case 'save':
        return { event: byPerson('item.save'), decide: (s, p, who) => saveResult(s, p, who, { result: action.result, config: config!, now }) };
      case 'submit':
        return { event: byPerson('item.submit'), decide: (s, p, who) => submitItem(s, p, who, { config: config!, now }) };
      case 'release':
        return { event: byPerson('item.release'), decide: releaseItem };
      case 'mark_invalid':
        return { event: byPerson('item.mark_invalid'), decide: (s, p, who) => markInvalid(s, p, who, { reasonId: action.reasonId }) };
      case 'mark_valid':
        return { event: byPerson('item.mark_valid'), decide: markValid };
      case 'pass':
        return { event: byPerson('item.pass'), decide: passItem };
      case 'reject':
        return { event: byPerson('item.reject'), decide: (s, p, who) => rejectItem(s, p, who, { marks: action.marks }) };
      case 'confirm_invalid':
        return { event: byPerson('item.confirm_invalid'), decide: confirmInvalidity };
      case 'overturn_invalid':
        return { event: byPerson('item.overturn_invalid'), decide: overturnInvalidity };
      case 'recycle':
        return { event: byPerson('item.recycle'), decide: (s, p, who) => recycleItem(s, p, who, { target: action.target, keepResult: action.keepResult }) };
      case 'accept':
        return { event: byPerson('item.accept'), decide: acceptHeldItem };
    }
  }
}
