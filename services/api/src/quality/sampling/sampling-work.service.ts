// What every sampling command shares inside its unit of work: the task decided on by its decider (which asks the
// machine) through core's one adapter, the
// failed items a closed round or the PM's decision returns, sent back for rework in the same transaction, and the
// retry of a step that lost a race for the task's stream to another inspector.
import { Injectable } from '@nestjs/common';
import { actionDecider, type Actor, type AppendResult, type Decided, ItemWork, NotFoundError, samplingLifecycle, type UnitOfWork, VersionConflictError } from '@annot/core';
import {
  samplingActionsFor,
  type SamplingDecision,
  type SamplingEvent,
  samplingMachineContext,
  type SamplingState,
  type SamplingStatus,
  samplingStreamId,
  type ItemActor,
} from '@annot/workflows';
import { samplingRefusals } from './sampling-refusal';
import { SamplingRepository } from './sampling.repository';

/** How often a step on a sample item is tried again after another step on the same task won the race. */
const conflictAttempts = 5;

@Injectable()
export class SamplingWork {
  constructor(
    private readonly items: ItemWork,
    private readonly sampling: SamplingRepository,
  ) {}

  /** The task's state in the unit; an unknown task is not found. */
  async load(unit: UnitOfWork, taskId: string) {
    const loaded = await unit.load(samplingLifecycle, samplingStreamId(taskId));
    if (loaded.state.status === 'new') throw new NotFoundError('things.sampling', taskId);
    return loaded;
  }

  /** Lets the decider decide on the task for `who`, its refusal answered in the caller's words, and keeps the events for the append. */
  async decide(
    unit: UnitOfWork,
    taskId: string,
    who: ItemActor,
    decider: (state: SamplingState) => SamplingDecision | Promise<SamplingDecision>,
    expectedVersion?: bigint,
  ): Promise<Decided<SamplingState, SamplingEvent>> {
    const loaded = await this.load(unit, taskId);
    return unit.judge(samplingLifecycle, samplingStreamId(taskId), {
      loaded,
      expectedVersion,
      refusals: samplingRefusals,
      decide: async (state) => {
        const decision = await decider(state);
        if (!('refusal' in decision) || decision.refusal.messageKey !== 'errors.invalid_transition') return decision;
        // The machine alone cannot name what the caller may do instead, since its guards on claims and verdicts read who
        // asks and for which item; whoever reaches a command has passed the inspector's door.
        const allowed = samplingActionsFor(state.status as SamplingStatus, samplingMachineContext(state), who, true);
        return { refusal: { ...decision.refusal, params: { ...decision.refusal.params, allowed: allowed.join(', ') } } };
      },
    });
  }

  /**
   * Sends every failed item the events name back to the annotation link that produced it, with its marks. An item
   * no longer finished (recycled by the PM meanwhile) is already on its way through the loop again and is left be.
   */
  async returnFailed(unit: UnitOfWork, state: SamplingState, events: SamplingEvent[], actor: Actor): Promise<void> {
    const failed = events.flatMap((e) => (e.type === 'SamplingScopeReturned' || e.type === 'SamplingTaskDecided' ? e.data.items : []));
    if (failed.length === 0) return;
    const marksOf = new Map(failed.map((f) => [f.itemId, f.marks]));
    const finished = await this.sampling.finished(unit.db, [...marksOf.keys()]);
    const { plan } = await this.items.plan(unit, state.projectId);
    await this.items.preload(unit, finished);
    for (const item of finished) {
      await this.items.run(unit, item, plan, actor, actionDecider({ name: 'return', body: { gate: 'sampling', gateId: state.taskId, marks: marksOf.get(item.itemId)! } }, null));
    }
  }
}

/** The task's version after a command: its own stream's append, or the version it was read at when nothing was written. */
export function taskVersion(results: AppendResult[], taskId: string, read: bigint | undefined): string {
  const written = results.find((r) => r.streamId === samplingStreamId(taskId));
  return (written?.version ?? read ?? 0n).toString();
}

/**
 * Runs a step again when another step on the same task committed first: steps on different sample items do not
 * conflict in meaning, only in the stream's version. A caller that named the version it saw (If-Match) gets the conflict.
 */
export async function retryingConflicts<T>(expectedVersion: bigint | undefined, work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof VersionConflictError) || expectedVersion !== undefined || attempt >= conflictAttempts) throw error;
    }
  }
}
