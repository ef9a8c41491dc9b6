// The comms context: announcements.
export * from './announcement.schemas';
export * from './announcement.events';
export * from './announcement.machine';
export * from './announcement.evolve';
export * from './announcement.decide';
