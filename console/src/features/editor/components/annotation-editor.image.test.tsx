// An item whose image cannot be had: the editor says so and why, in place of the canvas, rather than an empty one.
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import { emptyResult } from '@annot/workflows';
import { i18n, setLanguage } from '@/lib/i18n';
import { ApiError } from '@/lib/api-client';
import { AnnotationEditor } from './annotation-editor';
import type { AnnotationEditorProps } from './editor-types';
import { missingReason } from './image-missing';

const reason = 'The file of this data item stays in the bucket archive-2024, which this server cannot read yet';

function renderEditor(imageProblem: string | null) {
  const props: AnnotationEditorProps = {
    item: { id: '00000000-0000-4000-8000-000000000001', projectId: '00000000-0000-4000-8000-000000000002', fileName: 'frame-001.jpg', status: 'claimed', rework: false, version: '1', result: emptyResult(), width: 100, height: 80 },
    image: null,
    imageProblem,
    tools: [],
    groups: [],
    verbs: [],
    inspectorMayModify: false,
    marks: [],
    errorGroups: [],
    rule: null,
    neighbours: { previous: null, next: null },
    send: async () => undefined,
    opened: true,
    onOpened: () => undefined,
    onNavigate: () => undefined,
    invalidDialog: () => null,
  };
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <AnnotationEditor {...props} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => setLanguage('en-US'));

describe('the editor without its image', () => {
  it('says the image cannot be shown and why, in place of the canvas', () => {
    renderEditor(reason);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The image cannot be shown');
    expect(alert).toHaveTextContent(reason);
  });
  it('says nothing while the image is on its way', () => {
    renderEditor(null);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
  it("gives the server's refusal in its words, and names a network failure and an undecodable file", () => {
    const t = i18n.getFixedT('en-US');
    expect(missingReason(t, new ApiError(404, 'NOT_FOUND', reason, null))).toBe(reason);
    expect(missingReason(t, new TypeError('Failed to fetch'))).toBe('The server could not be reached; the image is tried again when you come back to it');
    expect(missingReason(t, new DOMException('bad', 'InvalidStateError'))).toBe('The file is not an image this browser can show');
  });
});
