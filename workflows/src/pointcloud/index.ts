export * from './point-cloud';
export * from './segments';
export * from './selection';
