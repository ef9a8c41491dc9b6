// Client acceptance: batches made from items that passed the earlier gates, claimed, judged and submitted by a client acceptor, decided by the PM.
export * from './acceptance.events';
export * from './acceptance.machine';
export * from './acceptance.evolve';
export * from './acceptance.decide';
export * from './acceptance-batches';
export * from './acceptance.schemas';
export * from './acceptance.views';
