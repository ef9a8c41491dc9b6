import { describe } from 'vitest';
import { itTakesItsEdges, type MachineEdge, type MachineRefusal } from '../shared/machine-edges.test-support';
import { type DocumentMachineEvent, documentMachine, type DocumentMachineStatus } from './document.machine';

const edges: MachineEdge<DocumentMachineStatus, undefined, DocumentMachineEvent>[] = [
  ['on_shelf', 'an admin edits it where readers see it', undefined, { type: 'document.edit' }, 'on_shelf'],
  ['on_shelf', 'an admin takes it off the shelf', undefined, { type: 'document.unshelve' }, 'off_shelf'],
  ['on_shelf', 'an admin removes it', undefined, { type: 'document.remove' }, 'removed'],
  ['off_shelf', 'an admin edits it before putting it back', undefined, { type: 'document.edit' }, 'off_shelf'],
  ['off_shelf', 'an admin puts it on the shelf', undefined, { type: 'document.shelve' }, 'on_shelf'],
  ['off_shelf', 'an admin removes it', undefined, { type: 'document.remove' }, 'removed'],
];
const refusals: MachineRefusal<DocumentMachineStatus, undefined, DocumentMachineEvent>[] = [
  ['on_shelf', 'it is on the shelf already', undefined, { type: 'document.shelve' }],
  ['off_shelf', 'it is off the shelf already', undefined, { type: 'document.unshelve' }],
  ['removed', 'a removed document is not edited', undefined, { type: 'document.edit' }],
  ['removed', 'a removed document does not come back', undefined, { type: 'document.shelve' }],
  ['removed', 'it is removed already', undefined, { type: 'document.remove' }],
];

describe('document machine', () => {
  for (const state of ['on_shelf', 'off_shelf', 'removed'] as const) {
    describe(state, () => itTakesItsEdges(documentMachine, state, edges, refusals));
  }
});
