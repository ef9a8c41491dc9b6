// A chunk's answers in one transaction: each good answer becomes its item's starting result, by the algorithm version
// as actor, where the item still waits in an annotation link (else it is skipped and keeps its own work); then the
// call records every outcome, and after them a wait, a stop, the next chunk or the call's end.
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { algorithmCallLifecycle, AppError, type AppConfig, CommandPipeline, type CommandContext, CONFIG, ItemWork, JobName, type OutboxMessage } from '@annot/core';
import {
  type AlgorithmCallEvent,
  type AlgorithmCallState,
  algorithmCallStreamId,
  type CallItemOutcome,
  decideItemAction,
  type CheckedResult,
  type ItemActor,
  type WorkPlan,
} from '@annot/workflows';
import { Inject } from '@nestjs/common';
import type { CallItem } from '../algorithm-calls.repository';

export interface PreparedOutcome {
  item: CallItem;
  outcome: CallItemOutcome;
  /** The answer as a starting result, for an answered item. */
  result: CheckedResult | null;
}

export interface CircuitOpening {
  until: number;
  failures: number;
  /** Items of the call not sent when it opened. */
  pending: number;
}

export class RecordCallAnswersCommand {
  constructor(
    readonly callId: string,
    readonly chunk: number,
    readonly prepared: PreparedOutcome[],
    readonly chunkDone: boolean,
    readonly opening: CircuitOpening | null,
    /** The call's stream version the chunk was sent at: a stop or another run meanwhile refuses this record. */
    readonly expectedVersion: bigint,
    readonly context: CommandContext,
  ) {}
}

@CommandHandler(RecordCallAnswersCommand)
export class RecordCallAnswersHandler implements ICommandHandler<RecordCallAnswersCommand, void> {
  constructor(
    private readonly pipeline: CommandPipeline,
    private readonly work: ItemWork,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(command: RecordCallAnswersCommand): Promise<void> {
    const { callId, chunk, prepared, context } = command;
    // The version acts with the standing of the PM who called it: it may give waiting items a starting result.
    const actor: ItemActor = { id: context.actor.id, manager: true };
    await this.pipeline.transact(context, async (unit) => {
      const plans = new Map<string, WorkPlan>();
      const outcomes: CallItemOutcome[] = [];
      const now = new Date();
      for (const { item, outcome, result } of prepared) {
        if (outcome.outcome !== 'answered' || !result) {
          outcomes.push(outcome);
          continue;
        }
        const plan = plans.get(item.projectId) ?? (await this.work.plan(unit, item.projectId)).plan;
        plans.set(item.projectId, plan);
        try {
          const state = await this.work.run(unit, item, plan, context.actor, {
            decide: (itemState, workPlan) => decideItemAction({ name: 'prelabel', body: { result } }, itemState, workPlan, actor, { config: null, now }),
          });
          outcomes.push({ ...outcome, resultVersion: state.resultVersion });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          outcomes.push({ ...outcome, outcome: 'skipped', resultVersion: null, reasonKey: 'algorithms.item_busy', params: {} });
        }
      }
      const streamId = algorithmCallStreamId(callId);
      const loaded = await unit.load(algorithmCallLifecycle, streamId);
      const stopping = command.opening !== null && !command.chunkDone && this.stops(loaded.state, outcomes);
      await unit.decide(algorithmCallLifecycle, streamId, {
        loaded,
        expectedVersion: command.expectedVersion,
        event: { type: machineEventOf(loaded.state.status, outcomes, command.opening, stopping) },
        decide: (state) => this.eventsOf(state, command, outcomes, stopping),
        outbox: (state) => this.outboxOf(state, command, stopping),
      });
    });
  }

  /** Whether the call stops rather than waits: the endpoint failed again after as many waits as the settings allow. */
  private stops(state: AlgorithmCallState, outcomes: CallItemOutcome[]): boolean {
    const openings = outcomes.some((o) => o.outcome !== 'failed') ? 0 : state.openings;
    return openings + 1 >= this.config.algorithms.circuitOpenings;
  }

  private eventsOf(state: AlgorithmCallState, { callId, chunk, chunkDone, opening }: RecordCallAnswersCommand, outcomes: CallItemOutcome[], stopping: boolean): AlgorithmCallEvent[] {
    const events: AlgorithmCallEvent[] = [];
    const answered = outcomes.some((o) => o.outcome !== 'failed');
    if (state.status === 'waiting' && answered) events.push({ type: 'AlgorithmCallResumed', data: { callId } });
    if (outcomes.length > 0 || chunkDone) events.push({ type: 'AlgorithmCallAnswered', data: { callId, chunk, outcomes, chunkDone } });
    if (chunkDone && chunk + 1 >= state.chunks) events.push({ type: 'AlgorithmCallFinished', data: { callId } });
    if (!chunkDone && opening) {
      if (stopping) {
        events.push({ type: 'AlgorithmCallStopped', data: { callId, reasonKey: 'algorithms.circuit_stopped', params: { openings: this.config.algorithms.circuitOpenings, pending: opening.pending }, stoppedBy: 'system' } });
      } else {
        const resumeAt = new Date(opening.until).toISOString();
        events.push({ type: 'AlgorithmCallInterrupted', data: { callId, chunk, resumeAt, reasonKey: 'algorithms.circuit_open', params: { failures: opening.failures, resumeAt } } });
      }
    }
    return events;
  }

  private outboxOf(state: AlgorithmCallState, { callId, chunk, chunkDone, opening }: RecordCallAnswersCommand, stopping: boolean): OutboxMessage[] {
    if (chunkDone) return chunk + 1 < state.chunks ? [{ name: JobName.CallAlgorithm, data: { callId, chunk: chunk + 1 } }] : [];
    if (opening && !stopping) return [{ name: JobName.CallAlgorithm, data: { callId, chunk }, runAt: new Date(opening.until).toISOString() }];
    return [];
  }
}

/** What the call machine is asked first: from a wait, an answer resumes it and a failure waits again or stops it. */
function machineEventOf(status: AlgorithmCallState['status'], outcomes: CallItemOutcome[], opening: CircuitOpening | null, stopping: boolean): string {
  if (status !== 'waiting') return 'call.answer';
  if (outcomes.some((o) => o.outcome !== 'failed')) return 'call.resume';
  if (stopping) return 'call.stop';
  return opening ? 'call.interrupt' : 'call.resume';
}
