// How the command pipeline drives accounts and teams.
import {
  type AccountContext,
  type AccountEvent,
  type AccountState,
  accountMachine,
  evolveAccount,
  evolveTeam,
  initialAccountState,
  initialTeamState,
  type TeamEvent,
  type TeamState,
  teamMachine,
} from '@annot/workflows';
import type { Lifecycle } from '../commands/command-pipeline';
import { accountProjection } from './account.projection';
import { teamProjection } from './team.projection';

export const accountLifecycle: Lifecycle<AccountState, AccountEvent> = {
  machine: accountMachine,
  initial: initialAccountState,
  evolve: evolveAccount,
  status: (state) => state.status,
  context: (state): AccountContext => ({ role: state.profile?.role ?? null }),
  projections: [accountProjection],
};

export const teamLifecycle: Lifecycle<TeamState, TeamEvent> = {
  machine: teamMachine,
  initial: initialTeamState,
  evolve: evolveTeam,
  status: (state) => state.status,
  context: () => ({}),
  projections: [teamProjection],
};
