// The batches context: a batch's lifecycle, its input rules and the events of its items.
export * from './batch.machine';
export * from './batch.events';
export * from './batch.evolve';
export * from './batches.views';
export * from './item-frames';
