// Folds an inbox's events: an inbox holds nothing its commands decide on.

export interface InboxState {
  status: 'open';
  reads: number;
}

export const initialInboxState: InboxState = { status: 'open', reads: 0 };

/** An inbox holds no state its commands decide on; the count only shows the stream is folded like any other. */
export const evolveInbox = (state: InboxState): InboxState => ({ ...state, reads: state.reads + 1 });
