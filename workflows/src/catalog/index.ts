// The catalog context: tools and attributes.
export * from './tool.schemas';
export * from './tool.events';
export * from './tool.machine';
