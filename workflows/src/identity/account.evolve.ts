// Folds an account's events into what its commands decide on.
import type { AccountEvent, AccountProfile } from './account.events';
import type { AccountStatus } from './account.machine';

export interface AccountState {
  status: AccountStatus | 'none';
  profile: AccountProfile | null;
  passwordHash: string | null;
  /** Sessions that have started and not ended; idle expiry is judged by the caller. */
  openSessions: string[];
}

export const initialAccountState: AccountState = { status: 'none', profile: null, passwordHash: null, openSessions: [] };

export function evolveAccount(state: AccountState, event: AccountEvent): AccountState {
  switch (event.type) {
    case 'AccountCreated':
    case 'AccountRegistered': {
      const { name, account, phone, email, role, teamId, company } = event.data;
      return { ...state, status: 'active', profile: { name, account, phone, email, role, teamId, company }, passwordHash: event.data.passwordHash };
    }
    case 'AccountEdited':
      return { ...state, profile: state.profile && { ...state.profile, ...event.data.changes } };
    case 'AccountDisabled':
      return { ...state, status: 'disabled' };
    case 'AccountEnabled':
      return { ...state, status: 'active' };
    case 'PasswordChanged':
      return { ...state, passwordHash: event.data.passwordHash };
    case 'ChatAccountBound':
    case 'AuditorProjectsAssigned':
      return state;
    case 'SessionStarted':
      return { ...state, openSessions: [...state.openSessions, event.data.sessionId] };
    case 'SessionTokenRotated':
      return state;
    case 'SessionEnded':
      return { ...state, openSessions: state.openSessions.filter((id) => id !== event.data.sessionId) };
  }
}
