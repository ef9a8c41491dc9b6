// The projects context: project and batch lifecycles and the rules of the link pipeline.
export * from './project.machine';
export * from './batch.machine';
export * from './link.rules';
export * from './project.schemas';
export * from './project.events';
export * from './projects.views';
export * from './project-view.rules';
export * from './batch.events';
