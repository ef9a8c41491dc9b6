// A decider's refusal as the API answers it: the machine's 409, the seed's claim message, or field errors of a result.
import { AppError } from '../errors/app-error';
import type { ItemDecision, ItemEvent } from '@annot/workflows';

export function eventsOrRefusal(decision: ItemDecision): ItemEvent[] {
  if ('events' in decision) return decision.events;
  const { messageKey, params, issues } = decision.refusal;
  if (messageKey === 'errors.invalid_transition') return fail(409, 'INVALID_TRANSITION', messageKey, params);
  if (issues?.length) {
    const fields = issues.map((i) => ({ field: [i.objectId ?? 'item', i.attribute].filter(Boolean).join('.'), messageKey: i.messageKey, params: i.params }));
    throw new AppError(400, 'VALIDATION_FAILED', messageKey, params, fields);
  }
  return fail(409, 'TASK_REFUSED', messageKey, params);
}

function fail(status: number, errCode: string, messageKey: string, params: Record<string, unknown>): never {
  throw new AppError(status, errCode, messageKey, params);
}
