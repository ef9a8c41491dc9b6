export * from './webhook-event-types';
export * from './webhook-url';
export * from './webhook.schemas';
export * from './webhook.events';
export * from './webhook.machine';
export * from './webhook.evolve';
