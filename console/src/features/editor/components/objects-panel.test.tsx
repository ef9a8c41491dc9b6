// The editor's own check of a sequence whose frames differ in size: a box held from the wide frames on to a cropped
// one is flagged against the crop's size, as the server refuses it.
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import { addObjects, emptyResult, newObject, toolInput } from '@annot/workflows';
import { i18n, setLanguage } from '@/lib/i18n';
import { createEditorStore, EditorStoreContext } from '../stores/editor-store';
import { type EditorSetup, EditorSetupContext } from './editor-setup';
import { ObjectsPanel } from './objects-panel';

const tool = { toolId: '00000000-0000-4000-8000-000000000001', toolVersion: 1, definition: toolInput.parse({ name: 'car', templateType: 'box' }) };
const wide = { width: 40, height: 30 };
const setup: EditorSetup = { tools: [tool], colorOf: () => '#22c55e', readOnly: false, inspecting: false, itemAttributes: [], groups: [], image: wide, frameImages: [wide, wide, { width: 20, height: 15 }] };

function renderPanel(x: number) {
  const store = createEditorStore(addObjects(emptyResult(3), [newObject('a', tool, { type: 'box', x, y: 2, width: 10, height: 10 })]));
  render(
    <I18nextProvider i18n={i18n}>
      <EditorStoreContext.Provider value={store}>
        <EditorSetupContext.Provider value={setup}>
          <ObjectsPanel markCounts={new Map()} />
        </EditorSetupContext.Provider>
      </EditorStoreContext.Provider>
    </I18nextProvider>,
  );
}

beforeEach(() => setLanguage('en-US'));

describe(ObjectsPanel.name, () => {
  it("flags a box that leaves a later frame's smaller image", () => {
    renderPanel(25);
    expect(screen.getByRole('listitem', { name: 'car 1' })).toHaveTextContent('The shape leaves the image (20×15)');
  });
  it('finds nothing wrong with a box that fits every frame', () => {
    renderPanel(5);
    expect(screen.getByRole('listitem', { name: 'car 1' })).not.toHaveTextContent('leaves the image');
  });
});
