import { describe, expect, it } from 'vitest';
import type { DocumentEvent } from './document.events';
import { evolveDocument, initialDocumentState } from './document.evolve';

const documentId = '00000000-0000-4000-8000-0000000000d1';
const fold = (events: DocumentEvent[]) => events.reduce(evolveDocument, initialDocumentState);
const described = { documentId, name: 'Guide', address: { kind: 'link' as const, url: 'https://example.com/guide' }, description: '', visibleRoles: ['40' as const], sort: 1 };
const added = (onShelf: boolean): DocumentEvent => ({ type: 'DocumentAdded', data: { ...described, onShelf, addedBy: 'admin' } });

describe(evolveDocument.name, () => {
  it('starts on or off the shelf as the admin added it', () => {
    expect(fold([added(true)]).status).toBe('on_shelf');
    expect(fold([added(false)]).status).toBe('off_shelf');
  });

  it('follows the shelf and keeps the latest name', () => {
    const changed: DocumentEvent = { type: 'DocumentChanged', data: { ...described, name: 'Guide v2' } };
    const state = fold([added(true), changed, { type: 'DocumentUnshelved', data: { documentId, name: 'Guide v2' } }]);
    expect(state).toEqual({ status: 'off_shelf', name: 'Guide v2' });
    expect(evolveDocument(state, { type: 'DocumentShelved', data: { documentId, name: 'Guide v2' } }).status).toBe('on_shelf');
  });

  it('ends removed', () => {
    expect(fold([added(true), { type: 'DocumentRemoved', data: { documentId, name: 'Guide' } }]).status).toBe('removed');
  });
});
