// The tasks context: an item's work through its project's links, its result document and the rules on both.
export * from './work-plan';
export * from './result.schema';
export * from './result.validation';
export * from './interpolation';
export * from './item.events';
export * from './item.evolve';
export * from './item.machine';
export { type ItemDecision, type Refusal, type TaskActor, taskActor } from './item.decide';
export * from './item-claim.decide';
export * from './item-annotation.decide';
export * from './item-inspection.decide';
export * from './item-management.decide';
export * from './bulk.rules';
export * from './task.schemas';
export * from './rule-reading';
export * from './distribution.rules';
export * from './distribution.views';
export * from './recycle-csv';
