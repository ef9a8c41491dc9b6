// A decider's refusal as the API answers it, for every context alike: the result's problems as field errors, and
// the rest by the context's table of refusals (status, error code, and the form field a refusal belongs on).
import type { Refusal } from '@annot/workflows';
import { AppError } from '../errors/app-error';

export interface RefusalAnswer {
  status: number;
  errCode: string;
  /** The form field the console shows the refusal on. */
  field?: string;
}

export type RefusalTable = Readonly<Record<string, RefusalAnswer>>;

/** What a decider answers: the events to append, or why not. */
export type Decision<E> = { events: E[] } | { refusal: Refusal };

/** A refusal no table names is refused work; the machine's is the same 409 whoever refuses, naming '-' when nothing is allowed. */
export function answerRefusal({ messageKey, params, issues }: Refusal, table: RefusalTable): AppError {
  if (issues?.length) {
    const fields = issues.map((i) => ({ field: [i.objectId ?? 'item', i.attribute].filter(Boolean).join('.'), messageKey: i.messageKey, params: i.params }));
    return new AppError(400, 'VALIDATION_FAILED', messageKey, params, fields);
  }
  if (messageKey === 'errors.invalid_transition') return new AppError(409, 'INVALID_TRANSITION', messageKey, { ...params, allowed: params.allowed || '-' });
  const answer = table[messageKey] ?? { status: 409, errCode: 'ITEM_REFUSED' };
  return new AppError(answer.status, answer.errCode, messageKey, params, answer.field ? [{ field: answer.field, messageKey, params }] : []);
}
