// Folds a team's events into what its commands decide on.
import type { TeamEvent, TeamProfile } from './team.events';

export interface TeamState {
  status: 'none' | 'active';
  profile: TeamProfile | null;
}
export const initialTeamState: TeamState = { status: 'none', profile: null };

export function evolveTeam(state: TeamState, event: TeamEvent): TeamState {
  switch (event.type) {
    case 'TeamCreated': {
      const { teamId: _, ...profile } = event.data;
      return { status: 'active', profile };
    }
    case 'TeamEdited':
      return { ...state, profile: state.profile && { ...state.profile, ...event.data.changes } };
  }
}
