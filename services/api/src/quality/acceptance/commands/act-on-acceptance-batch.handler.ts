// One person's action on an acceptance batch: an acceptor claims it (or takes it over once confirmed), judges its
// items and submits it; the PM withdraws it. Who may do what is the acceptance machine's and the deciders' rule.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CommandPipeline, type CommandContext } from '@annot/core';
import {
  type AcceptanceVerdict,
  acceptanceStreamId,
  claimAcceptanceBatch,
  type ErrorMark,
  judgeAcceptanceItem,
  submitAcceptanceBatch,
  withdrawAcceptanceBatch,
} from '@annot/workflows';
import { type AcceptanceDecider, AcceptanceWork } from '../acceptance-work.service';

export type AcceptanceAction =
  | { kind: 'claim'; confirmTakeover: boolean }
  | { kind: 'judge'; itemId: string; verdict: AcceptanceVerdict; marks: ErrorMark[] }
  | { kind: 'submit' }
  | { kind: 'withdraw' };

export class ActOnAcceptanceBatchCommand {
  constructor(
    readonly batchId: string,
    readonly action: AcceptanceAction,
    readonly context: CommandContext,
    readonly expectedVersion?: bigint,
  ) {}
}

function deciderFor(action: AcceptanceAction): AcceptanceDecider {
  const now = new Date();
  switch (action.kind) {
    case 'claim':
      // Claiming a batch another acceptor holds is a takeover, as the decider decides it.
      return { decide: (state, who) => claimAcceptanceBatch(state, who, { confirmTakeover: action.confirmTakeover, now }) };
    case 'judge':
      return { decide: (state, who) => judgeAcceptanceItem(state, who, { itemId: action.itemId, verdict: action.verdict, marks: action.marks, now }) };
    case 'submit':
      return { decide: (state, who) => submitAcceptanceBatch(state, who, { now }) };
    case 'withdraw':
      return { decide: (state, who) => withdrawAcceptanceBatch(state, who, { now }) };
  }
}

@CommandHandler(ActOnAcceptanceBatchCommand)
export class ActOnAcceptanceBatchHandler implements ICommandHandler<ActOnAcceptanceBatchCommand, { version: string; status: string }> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly work: AcceptanceWork,
  ) {}

  async execute({ batchId, action, context, expectedVersion }: ActOnAcceptanceBatchCommand): Promise<{ version: string; status: string }> {
    const { value, results } = await this.pipeline.transact(context, (unit) => this.work.run(unit, batchId, deciderFor(action), expectedVersion));
    const written = results.find((r) => r.streamId === acceptanceStreamId(batchId));
    return { version: (written?.version ?? value?.version ?? 0n).toString(), status: value?.state.status ?? 'unchanged' };
  }
}
