// Runs one decision on one acceptance batch inside a command's unit of work: the batch's row locked first, so two
// acceptors claiming at once take turns, then the decider (which asks the machine) through core's one adapter.
import { Injectable } from '@nestjs/common';
import { acceptanceLifecycle, type Decided, NotFoundError, type UnitOfWork, VersionConflictError } from '@annot/core';
import {
  type AcceptanceDecision,
  type AcceptanceEvent,
  type AcceptanceState,
  acceptanceStreamId,
  type ItemActor,
  itemActor,
} from '@annot/workflows';
import { acceptanceRefusals } from './acceptance-refusal';
import { AcceptanceRepository } from './acceptance.repository';

export interface AcceptanceDecider {
  decide(state: AcceptanceState, who: ItemActor): AcceptanceDecision;
}

@Injectable()
export class AcceptanceWork {
  constructor(private readonly batches: AcceptanceRepository) {}

  /** Decides on the batch and keeps its events for the unit's append; a decision that changes nothing appends nothing. */
  async run(unit: UnitOfWork, batchId: string, decider: AcceptanceDecider, expectedVersion?: bigint): Promise<Decided<AcceptanceState, AcceptanceEvent>> {
    if (!(await this.batches.lockBatch(unit.db, batchId))) throw new NotFoundError('things.acceptance', batchId);
    const streamId = acceptanceStreamId(batchId);
    const loaded = await unit.load(acceptanceLifecycle, streamId);
    // The version the caller saw comes before any refusal: what it refuses may no longer be what the caller saw.
    if (expectedVersion !== undefined && expectedVersion !== loaded.version) throw new VersionConflictError(streamId, expectedVersion.toString());
    const who = itemActor(unit.context.actor.id, unit.context.actor.role);
    return unit.judge(acceptanceLifecycle, streamId, { loaded, refusals: acceptanceRefusals, decide: (state) => decider.decide(state, who) });
  }
}
