// How the command pipeline drives an annotation import.
import { type AnnotationImportEvent, type AnnotationImportState, annotationImportMachine, evolveAnnotationImport, initialAnnotationImportState } from '@annot/workflows';
import type { Lifecycle } from '../commands/command-pipeline';
import { annotationImportProjection } from './annotation-import.projection';

export const annotationImportLifecycle: Lifecycle<AnnotationImportState, AnnotationImportEvent> = {
  machine: annotationImportMachine,
  initial: initialAnnotationImportState,
  evolve: evolveAnnotationImport,
  status: (state) => state.status,
  context: () => ({}),
  projections: [annotationImportProjection],
};
