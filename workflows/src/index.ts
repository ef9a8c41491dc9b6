// Public surface of the pure domain package.
export * from './shared/event';
export * from './shared/lifecycle';
export * from './shared/pagination';
export * from './audits/audit.events';
export * from './audits/audit.machine';
export * from './audits/audit.evolve';
export * from './audits/audit.commands';
export * from './identity';
export * from './catalog';
export * from './projects';
export * from './batches';
export * from './tasks';
export * from './editor';
export * from './quality/sampling';
export * from './quality/acceptance';
export * from './exports';
export * from './algorithms';
