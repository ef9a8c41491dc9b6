// How the command pipeline drives a document.
import { type DocumentEvent, documentMachine, type DocumentState, evolveDocument, initialDocumentState } from '@annot/workflows';
import type { Lifecycle } from '../commands/command-pipeline';
import { documentProjection } from './document.projection';

export const documentLifecycle: Lifecycle<DocumentState, DocumentEvent> = {
  machine: documentMachine,
  initial: initialDocumentState,
  evolve: evolveDocument,
  status: (state) => state.status,
  context: () => ({}),
  projections: [documentProjection],
};
