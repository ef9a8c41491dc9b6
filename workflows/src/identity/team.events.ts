// Events of a team (supplier): created and edited.
import type { DomainEvent } from '../shared/event';

export interface TeamProfile {
  name: string;
  organisationId: string;
  hiveId: string;
  size: number;
  mobile: string;
}

export type TeamCreated = DomainEvent<'TeamCreated', TeamProfile & { teamId: string }>;
export type TeamEdited = DomainEvent<'TeamEdited', { teamId: string; changes: Partial<TeamProfile> }>;
export type TeamEvent = TeamCreated | TeamEdited;

export const teamStreamId = (teamId: string): string => `team-${teamId}`;

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
