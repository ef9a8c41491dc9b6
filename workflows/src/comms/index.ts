export * from './inbox.events';
export * from './inbox.machine';
export * from './message.rules';
export * from './message.schemas';
