// The catalog context: tools and attributes, error property groups, invalid-image reasons, documents and help.
export * from './tool.schemas';
export * from './tool.events';
export * from './tool.machine';
export * from './catalog-entry.machine';
export * from './error-group';
export * from './invalid-reason';
export * from './data-rule';
export * from './annotation-rule';
export * from './catalog.views';
export * from './catalog.queries';
export * from './document.addresses';
export * from './document.schemas';
export * from './document.events';
export * from './document.machine';
export * from './document.evolve';
