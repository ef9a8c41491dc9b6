// The projects context: the project lifecycle, the wizard's steps and the rules of the link pipeline.
export * from './project.machine';
export * from './link.rules';
export * from './project.schemas';
export * from './project.events';
export * from './project.evolve';
export * from './project.steps';
export * from './projects.views';
export * from './project-view.rules';
export * from './project-tools.rules';
export * from './project-error-groups.rules';
