// How the API answers a sampling decider's refusal beyond core's rules: the seed's field message for an unreasonable
// sampling quantity, shown on the form's rule field; any other is refused work.
import type { RefusalTable } from '@annot/core';

export const samplingRefusals: RefusalTable = {
  'quality.sampling_quantity_unreasonable': { status: 400, errCode: 'VALIDATION_FAILED', field: 'rule' },
};
