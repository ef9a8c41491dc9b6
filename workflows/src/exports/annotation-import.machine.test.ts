import { describe, expect, it } from 'vitest';
import { itTakesItsEdges, type MachineEdge, type MachineRefusal } from '../shared/machine-edges.test-support';
import { annotationImportMachine, type AnnotationImportMachineStatus } from './annotation-import.machine';

type Event = { type: 'annotation_import.progress' | 'annotation_import.finish' | 'annotation_import.fail' };
const edges: MachineEdge<AnnotationImportMachineStatus, undefined, Event>[] = [
  ['queued', 'its worker has read part of the upload', undefined, { type: 'annotation_import.progress' }, 'running'],
  ['queued', 'a small file was written at once', undefined, { type: 'annotation_import.finish' }, 'finished'],
  ['queued', 'the upload cannot be read', undefined, { type: 'annotation_import.fail' }, 'failed'],
  ['running', 'its worker has got further', undefined, { type: 'annotation_import.progress' }, 'running'],
  ['running', 'every chunk is written', undefined, { type: 'annotation_import.finish' }, 'finished'],
  ['running', 'a line refused the whole upload', undefined, { type: 'annotation_import.fail' }, 'failed'],
];
const refusals: MachineRefusal<AnnotationImportMachineStatus, undefined, Event>[] = [
  ['finished', 'its objects are written', undefined, { type: 'annotation_import.progress' }],
  ['finished', 'its objects are written', undefined, { type: 'annotation_import.fail' }],
  ['failed', 'a failed import is uploaded again instead', undefined, { type: 'annotation_import.progress' }],
  ['failed', 'nothing was written', undefined, { type: 'annotation_import.finish' }],
];

describe('annotation import machine', () => {
  for (const state of ['queued', 'running', 'finished', 'failed'] as const) {
    describe(state, () => itTakesItsEdges(annotationImportMachine, state, edges, refusals));
  }
  it('ends in finished and failed', () => {
    expect(annotationImportMachine.config.states?.finished?.type).toBe('final');
    expect(annotationImportMachine.config.states?.failed?.type).toBe('final');
  });
});
