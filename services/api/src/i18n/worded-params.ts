// Parameters that name a thing of the code (a lifecycle state, a machine event), with the catalogue prefix that words them.
export const wordedParams: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  // The machines name their states and events; a refusal says them as the reader's words (states.pooled, actions.item.claim).
  'errors.invalid_transition': { from: 'states', event: 'actions', allowed: 'actions' },
};
