export * from './statistics.schemas';
export * from './statistics.buckets';
export * from './statistics.tally';
export * from './statistics.views';
