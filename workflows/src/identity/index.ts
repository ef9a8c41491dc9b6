// The identity context: roles, credentials rules, accounts, teams and sign-in inputs.
export * from './roles';
export * from './credentials.rules';
export * from './account.events';
export * from './account.machine';
export * from './account.evolve';
export * from './auth.schemas';
export * from './people.schemas';
export * from './team.events';
export * from './team.evolve';
export * from './team.machine';
export * from './countries';
export * from './permissions';
export * from './people.policy';
export * from './menu';
export * from './identity.views';
