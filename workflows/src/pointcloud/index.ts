export * from './point-cloud';
