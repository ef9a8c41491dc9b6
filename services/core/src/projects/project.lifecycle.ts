// How the command pipeline drives a project's stream.
import { evolveProject, initialProjectState, type ProjectEvent, projectMachine, type ProjectState } from '@annot/workflows';
import type { Lifecycle } from '../commands/command-pipeline';
import { projectProjection } from './project.projection';

export const projectLifecycle: Lifecycle<ProjectState, ProjectEvent> = {
  machine: projectMachine,
  initial: initialProjectState,
  evolve: evolveProject,
  status: (state) => state.status,
  context: (state) => ({ published: state.published }),
  projections: [projectProjection],
};
