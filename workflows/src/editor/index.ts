// The editor's pure logic: geometry, vertices, curves, hit testing, document changes and history.
export * from './geometry';
export * from './vertices';
export * from './curve';
export * from './hit-test';
export * from './history';
export * from './objects';
export * from './hotkeys';
export * from './groups';
export * from './masks';
export * from './tracks';
