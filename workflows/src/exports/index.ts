export * from './format';
export * from './export.schemas';
export * from './export.events';
export * from './export.machine';
export * from './export.evolve';
export * from './export.naming';
export * from './formats';
export * from './import-matching';
