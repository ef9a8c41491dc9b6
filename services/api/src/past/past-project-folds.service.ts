// A project's items folded as of a moment, once: the moment asked is resolved to one that names the same items on
// every page ("now" becomes the last settled event), its rows are made by the live code from the nearest snapshot
// and kept, then read from there.
import { Injectable } from '@nestjs/common';
import { AppError } from '@annot/core';
import { instantMicros, type Moment, momentOf, momentQuery, type RawMomentQuery } from '@annot/workflows';
import { fieldErrorsOf } from '../http/validation.pipe';
import { type PastCut, PastCutsRepository } from './past-cuts.repository';

/** A moment every page of a past read agrees on, the key its fold is kept under, and what to ask for the next page. */
export interface FixedMoment {
  asked: Moment['kind'];
  moment: { kind: 'position'; position: bigint } | { kind: 'time'; at: string };
  cut: string;
  shown: { position: string } | { at: string };
}

@Injectable()
export class PastProjectFolds {
  constructor(private readonly cuts: PastCutsRepository) {}

  /** A project has no result version of its own: its moments are a position, a time, or now. */
  async fix(query: RawMomentQuery): Promise<FixedMoment> {
    const parsed = momentQuery.safeParse(query);
    if (!parsed.success) throw new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, fieldErrorsOf(parsed.error));
    const moment = momentOf(parsed.data);
    if (moment.kind === 'version') throw new AppError(400, 'VALIDATION_FAILED', 'errors.validation_failed', {}, [{ field: 'version', messageKey: 'past.one_moment' }]);
    // A time not yet past may still gain events: it is read as now, which names one event for good.
    if (moment.kind === 'time' && instantMicros(moment.at) < BigInt(Date.now()) * 1000n) {
      const micros = instantMicros(moment.at);
      return { asked: moment.kind, moment, cut: `t${micros}`, shown: { at: moment.at } };
    }
    const position = moment.kind === 'position' ? moment.position : await this.cuts.lastPosition();
    return { asked: moment.kind, moment: { kind: 'position', position }, cut: `p${position}`, shown: { position: position.toString() } };
  }

  /** The project's items as of the moment: kept from an earlier read, or made now (from the nearest snapshot) and kept. */
  async fold(projectId: string, fixed: FixedMoment): Promise<PastCut> {
    const kept = await this.cuts.find(projectId, fixed.cut);
    if (kept) return kept;
    return this.cuts.keepOnce(projectId, fixed.cut, fixed.moment.kind === 'position' ? { position: fixed.moment.position } : { at: fixed.moment.at });
  }
}
