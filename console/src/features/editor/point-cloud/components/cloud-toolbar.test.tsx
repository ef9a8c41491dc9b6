// The point-cloud bar says when the overlay of earlier frames is not aligned by ego poses, only while it is shown.
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import { emptyResult } from '@annot/workflows';
import { i18n, setLanguage } from '@/lib/i18n';
import type { EditorSetup } from '@/features/editor/components/editor-setup';
import { EditorSetupContext } from '@/features/editor/components/editor-setup';
import { createEditorStore, EditorStoreContext } from '@/features/editor/stores/editor-store';
import { defaultPointStyle } from '../scene/point-material';
import { CloudToolbar } from './cloud-toolbar';

const setup: EditorSetup = { tools: [], colorOf: () => '#22c55e', readOnly: false, inspecting: false, itemAttributes: [], groups: [], image: null };

function renderBar(overlay: { on: boolean; unaligned: boolean }) {
  render(
    <I18nextProvider i18n={i18n}>
      <EditorStoreContext.Provider value={createEditorStore(emptyResult(10))}>
        <EditorSetupContext.Provider value={setup}>
          <CloudToolbar run={() => undefined} style={defaultPointStyle} onStyle={() => undefined} cloud={null} overlay={{ frames: 5, onToggle: () => undefined, ...overlay }} autoTrack={{ frames: 10, busy: false, enabled: false }} />
        </EditorSetupContext.Provider>
      </EditorStoreContext.Provider>
    </I18nextProvider>,
  );
}

beforeEach(() => setLanguage('en-US'));

describe(CloudToolbar.name, () => {
  it('says the overlay is not aligned while it shows frames without ego poses', () => {
    renderBar({ on: true, unaligned: true });
    expect(screen.getByRole('status')).toHaveTextContent('Not aligned: no ego poses');
  });

  it('says nothing of alignment where the overlay is aligned or off', () => {
    renderBar({ on: true, unaligned: false });
    expect(screen.queryByRole('status')).toBeNull();
    renderBar({ on: false, unaligned: true });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
