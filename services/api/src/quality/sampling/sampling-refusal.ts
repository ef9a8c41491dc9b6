// A sampling decider's refusal as the API answers it: the machine's 409 with what the caller may do instead, the
// seed's field message for an unreasonable sampling quantity, or the decider's own reason.
import { AppError, InvalidTransitionError } from '@annot/core';
import type { SamplingDecision, SamplingEvent } from '@annot/workflows';

/**
 * `allowed` names the events the caller may send now: the machine alone cannot, since its guards on claims and
 * verdicts read who asks and for which item.
 */
export function samplingEventsOrRefusal(decision: SamplingDecision, allowed?: () => string[]): SamplingEvent[] {
  if ('events' in decision) return decision.events;
  const { messageKey, params } = decision.refusal;
  if (messageKey === 'errors.invalid_transition') {
    throw new InvalidTransitionError(String(params.from), String(params.event), allowed ? allowed() : String(params.allowed).split(', ').filter(Boolean));
  }
  if (messageKey === 'quality.sampling_quantity_unreasonable') throw new AppError(400, 'VALIDATION_FAILED', messageKey, params, [{ field: 'rule', messageKey, params }]);
  throw new AppError(409, 'TASK_REFUSED', messageKey, params);
}
