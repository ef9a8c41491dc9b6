// The object list on a sequence: each row shows the object's own values once and its frame values as they are at
// the frame on screen, following the frame as it changes.
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import { addObjects, emptyResult, newObject, setObjectAttribute, setShape, toolInput } from '@annot/workflows';
import { i18n, setLanguage } from '@/lib/i18n';
import { createEditorStore, EditorStoreContext } from '../stores/editor-store';
import { type EditorSetup, EditorSetupContext } from './editor-setup';
import { ObjectList } from './object-list';

const tool = {
  toolId: '00000000-0000-4000-8000-000000000001',
  toolVersion: 1,
  definition: toolInput.parse({
    name: 'car',
    templateType: 'box',
    attributes: [
      { name: 'category', displayName: 'Category', exportName: 'category', type: 'single', instanceAttribute: true, options: [{ name: 'sedan' }, { name: 'van' }] },
      { name: 'occluded', displayName: 'Occluded', exportName: 'occluded', type: 'single', frameAttribute: true, options: [{ name: 'no' }, { name: 'yes' }] },
    ],
  }),
};
const [category, occluded] = tool.definition.attributes;
const box = (x: number) => ({ type: 'box' as const, x, y: 0, width: 10, height: 10 });
const setup: EditorSetup = { tools: [tool], colorOf: () => '#22c55e', readOnly: false, inspecting: false, itemAttributes: [], groups: [], image: null };

/** A track of 30 frames, a van, not occluded from frame 0 and occluded from frame 12 on. */
function renderList() {
  let doc = setShape(addObjects(emptyResult(30), [newObject('a', tool, box(0))]), 'a', box(50), 20);
  doc = setObjectAttribute(doc, 'a', category, 'van');
  doc = setObjectAttribute(doc, 'a', occluded, 'no', 0);
  doc = setObjectAttribute(doc, 'a', occluded, 'yes', 12);
  const store = createEditorStore(doc);
  render(
    <I18nextProvider i18n={i18n}>
      <EditorStoreContext.Provider value={store}>
        <EditorSetupContext.Provider value={setup}>
          <ObjectList issues={[]} markCounts={new Map()} />
        </EditorSetupContext.Provider>
      </EditorStoreContext.Provider>
    </I18nextProvider>,
  );
  return store;
}

beforeEach(() => setLanguage('en-US'));

describe(ObjectList.name, () => {
  it('shows the frame values of the frame on screen beside the object’s own values', () => {
    const store = renderList();
    const row = screen.getByRole('listitem', { name: 'car 1' });
    expect(row).toHaveTextContent('Category: van · Occluded: no');
    act(() => store.set({ frame: 12 }));
    expect(row).toHaveTextContent('Category: van · Occluded: yes');
    act(() => store.set({ frame: 25 }));
    expect(row).toHaveTextContent('Occluded: yes');
    act(() => store.set({ frame: 11 }));
    expect(row).toHaveTextContent('Occluded: no');
  });
});
