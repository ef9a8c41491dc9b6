// Folds a document's events into what its commands decide on.
import type { DocumentEvent } from './document.events';
import type { DocumentMachineStatus } from './document.machine';

export interface DocumentState {
  status: DocumentMachineStatus | 'none';
  name: string;
}

export const initialDocumentState: DocumentState = { status: 'none', name: '' };

export function evolveDocument(state: DocumentState, event: DocumentEvent): DocumentState {
  switch (event.type) {
    case 'DocumentAdded':
      return { status: event.data.onShelf ? 'on_shelf' : 'off_shelf', name: event.data.name };
    case 'DocumentChanged':
      return { ...state, name: event.data.name };
    case 'DocumentShelved':
      return { ...state, status: 'on_shelf' };
    case 'DocumentUnshelved':
      return { ...state, status: 'off_shelf' };
    case 'DocumentRemoved':
      return { ...state, status: 'removed' };
  }
}
