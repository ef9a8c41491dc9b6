// How the command pipeline drives a project's stream. Its distribution and membership events also move items between
// the shares of a link's pool, which the item projection keeps with the items.
import { evolveProject, initialProjectState, type ProjectEvent, projectMachine, type ProjectState } from '@annot/workflows';
import { itemProjection } from '../items/item.projection';
import type { Lifecycle } from '../commands/command-pipeline';
import { projectProjection } from './project.projection';

export const projectLifecycle: Lifecycle<ProjectState, ProjectEvent> = {
  machine: projectMachine,
  initial: initialProjectState,
  evolve: evolveProject,
  status: (state) => state.status,
  context: (state) => ({ published: state.published }),
  projections: [projectProjection, itemProjection],
  // Every command on an item reads its project's plan: the project is folded on from its last state.
  snapshots: true,
};
