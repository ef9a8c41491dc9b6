// The editor judging for a quality gate: objects stay as they are, pass is always there, and reject (or a sampling
// inspection's fail) waits for a mark, by button and by Alt+J alike.
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyResult, type ErrorMark } from '@annot/workflows';
import { i18n, setLanguage } from '@/lib/i18n';
import { AnnotationEditor } from './annotation-editor';
import type { AnnotationEditorProps, EditorJudging } from './editor-types';

const mark: ErrorMark = { errorGroupId: '00000000-0000-4000-8000-00000000000e', value: 'missed object', objectId: null, frame: null, spot: { x: 4, y: 5 }, comment: '' };

function renderEditor(judging: Partial<EditorJudging> = {}) {
  const send = vi.fn().mockResolvedValue({ version: '2' });
  const onSent = vi.fn();
  const props: AnnotationEditorProps = {
    item: { id: '00000000-0000-4000-8000-000000000001', projectId: '00000000-0000-4000-8000-000000000002', fileName: 'frame-001.jpg', status: 'finished', rework: false, version: '1', result: emptyResult(), width: 100, height: 80 },
    image: null,
    tools: [],
    groups: [],
    verbs: ['pass', 'reject'],
    inspectorMayModify: false,
    marks: [],
    errorGroups: [{ id: mark.errorGroupId, name: 'Errors', values: [{ name: 'missed object' }] }],
    rule: null,
    neighbours: { previous: null, next: null },
    send,
    opened: false,
    onOpened: () => undefined,
    onNavigate: () => undefined,
    invalidDialog: () => null,
    judging: { caption: 'Sampling task 1 · round 1 · 0 of 5 judged', labels: { pass: 'Pass', reject: 'Fail' }, marks: [], onSent, ...judging },
  };
  render(
    <QueryClientProvider client={new QueryClient()}>
      <I18nextProvider i18n={i18n}>
        <AnnotationEditor {...props} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { send, onSent };
}

describe(AnnotationEditor.name, () => {
  beforeEach(() => setLanguage('en-US'));

  describe('judging', () => {
    it('shows the gate and its verdicts, and nothing to save or submit', () => {
      renderEditor();
      expect(screen.getByText('Sampling task 1 · round 1 · 0 of 5 judged')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Pass' })).toBeEnabled();
      expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    });

    it('refuses a fail without a mark, by button and by Alt+J', async () => {
      const { send } = renderEditor();
      expect(screen.getByRole('button', { name: 'Fail' })).toBeDisabled();
      await userEvent.keyboard('{Alt>}j{/Alt}');
      expect(send).not.toHaveBeenCalled();
    });

    it('passes with Alt+P and hands the verdict to the page to move on', async () => {
      const { send, onSent } = renderEditor();
      await userEvent.keyboard('{Alt>}p{/Alt}');
      await waitFor(() => expect(onSent).toHaveBeenCalledWith('pass'));
      expect(send).toHaveBeenCalledWith({ verb: 'pass' });
    });

    it('fails with the marks it holds, those of the verdict given before among them', async () => {
      const { send, onSent } = renderEditor({ marks: [mark] });
      const fail = screen.getByRole('button', { name: 'Fail' });
      expect(fail).toBeEnabled();
      await userEvent.click(fail);
      await waitFor(() => expect(onSent).toHaveBeenCalledWith('reject'));
      expect(send).toHaveBeenCalledWith({ verb: 'reject', marks: [mark] });
    });

    it('takes a mark back, and the fail with it', async () => {
      renderEditor({ marks: [mark] });
      await userEvent.click(screen.getByRole('button', { name: 'Remove this mark' }));
      expect(screen.getByRole('button', { name: 'Fail' })).toBeDisabled();
    });
  });
});
