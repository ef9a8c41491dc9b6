// The comms context: messages and announcements.
export * from './inbox.events';
export * from './inbox.machine';
export * from './inbox.evolve';
export * from './message.rules';
export * from './message.schemas';
export * from './announcement.schemas';
export * from './announcement.events';
export * from './announcement.machine';
export * from './announcement.evolve';
export * from './announcement.decide';
