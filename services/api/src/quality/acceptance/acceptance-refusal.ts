// A refusal of the acceptance deciders as the API answers it: the machine's 409, the seed's takeover question, a
// caller the batch does not name, the split's input refusals as field errors, and the rest as refused work.
import { AppError } from '@annot/core';
import type { AcceptanceDecision, AcceptanceEvent, Refusal } from '@annot/workflows';

/** Refusals of the PM's split input: the form shows them on its split field. */
const splitKeys = new Set(['quality.acceptance_batch_number_unreasonable', 'quality.acceptance_batch_amount_unreasonable', 'quality.acceptance_batch_count_too_large']);

export function acceptanceRefusal({ messageKey, params }: Refusal): AppError {
  // Worded as the pipeline's own refusal, which names '-' when nothing is allowed.
  if (messageKey === 'errors.invalid_transition') return new AppError(409, 'INVALID_TRANSITION', messageKey, { ...params, allowed: params.allowed || '-' });
  // The console asks the seed's confirmation and claims again with confirmTakeover.
  if (messageKey === 'quality.acceptance_claimed_by_other') return new AppError(409, 'ACCEPTANCE_CLAIMED', messageKey, params);
  if (messageKey === 'quality.acceptance_not_named') return new AppError(403, 'FORBIDDEN', messageKey, params);
  if (splitKeys.has(messageKey)) return new AppError(400, 'VALIDATION_FAILED', messageKey, params, [{ field: 'split', messageKey, params }]);
  return new AppError(409, 'TASK_REFUSED', messageKey, params);
}

export function acceptanceEventsOrRefusal(decision: AcceptanceDecision): AcceptanceEvent[] {
  if ('events' in decision) return decision.events;
  throw acceptanceRefusal(decision.refusal);
}
