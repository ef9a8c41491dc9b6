// How the API answers an acceptance decider's refusal beyond core's rules: the seed's takeover question, a caller the
// batch does not name, and the split's input refusals on the form's split field; any other is refused work.
import type { RefusalTable } from '@annot/core';

const onSplit = { status: 400, errCode: 'VALIDATION_FAILED', field: 'split' } as const;

export const acceptanceRefusals: RefusalTable = {
  // The console asks the seed's confirmation and claims again with confirmTakeover.
  'quality.acceptance_claimed_by_other': { status: 409, errCode: 'ACCEPTANCE_CLAIMED' },
  'quality.acceptance_not_named': { status: 403, errCode: 'FORBIDDEN' },
  'quality.acceptance_batch_number_unreasonable': onSplit,
  'quality.acceptance_batch_amount_unreasonable': onSplit,
  'quality.acceptance_batch_count_too_large': onSplit,
};
