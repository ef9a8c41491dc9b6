// The timeline of a sequence: a row per track with its keyframes and outside span, the frame buttons, and a whole
// track deleted only from its own command.
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addObjects, emptyResult, newObject, outsideFrom, setShape, toolInput } from '@annot/workflows';
import { i18n, setLanguage } from '@/lib/i18n';
import type { EditorCommand } from '../hooks/editor-shortcuts';
import { useEditorCommands } from '../hooks/use-editor-commands';
import { createEditorStore, EditorStoreContext } from '../stores/editor-store';
import { type EditorSetup, EditorSetupContext } from './editor-setup';
import { Timeline } from './timeline';

const tool = { toolId: '00000000-0000-4000-8000-000000000001', toolVersion: 1, definition: toolInput.parse({ name: 'car', templateType: 'box' }) };
const box = (x: number) => ({ type: 'box' as const, x, y: 0, width: 10, height: 10 });
const setup: EditorSetup = { tools: [tool], colorOf: () => '#22c55e', readOnly: false, inspecting: false, itemAttributes: [], groups: [], image: null };

function Harness({ flow }: { flow: (command: EditorCommand) => void }) {
  const run = useEditorCommands(flow, () => ({ width: 100, height: 100 }));
  return <Timeline run={run} rate={25} objectLabel={(id) => `track ${id}`} />;
}

function renderTimeline() {
  const keyed = setShape(addObjects(emptyResult(30), [newObject('a', tool, box(0)), newObject('b', tool, box(0), 4)]), 'a', box(90), 9);
  const doc = { ...keyed, objects: keyed.objects.map((o) => (o.id === 'a' ? outsideFrom(o, 20) : o)) };
  const store = createEditorStore(doc);
  const flow = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <EditorStoreContext.Provider value={store}>
        <EditorSetupContext.Provider value={setup}>
          <Harness flow={flow} />
        </EditorSetupContext.Provider>
      </EditorStoreContext.Provider>
    </I18nextProvider>,
  );
  return { store, flow };
}

beforeEach(() => setLanguage('en-US'));

describe(Timeline.name, () => {
  it('shows each track with its keyframes and the frames it is out of view', () => {
    renderTimeline();
    const a = screen.getByRole('row', { name: 'track a' });
    expect([...a.querySelectorAll('[data-keyframe]')].map((k) => k.getAttribute('data-keyframe'))).toEqual(['0', '9', '19', '20']);
    expect([...a.querySelectorAll('[data-outside]')].map((k) => k.getAttribute('data-outside'))).toEqual(['20-29']);
    const b = screen.getByRole('row', { name: 'track b' });
    expect([...b.querySelectorAll('[data-outside]')].map((k) => k.getAttribute('data-outside'))).toEqual(['0-3']);
  });

  it('steps through frames and keyframes, and says what the frame is for the selected track', async () => {
    const { store } = renderTimeline();
    const user = userEvent.setup();
    store.set({ selected: new Set(['a']) });
    await user.click(screen.getByRole('button', { name: 'Next frame' }));
    expect(screen.getByTestId('frame-position')).toHaveTextContent('1 / 29');
    expect(screen.getByTestId('keyframe-state')).toHaveTextContent('Interpolated');
    await user.click(screen.getByRole('button', { name: 'Next keyframe' }));
    expect(store.getState().frame).toBe(9);
    expect(screen.getByTestId('keyframe-state')).toHaveTextContent('Keyframe (drawn)');
    await user.click(screen.getByRole('button', { name: 'Play' }));
    expect(store.getState().playing).toBe(true);
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
  });

  it('picks a track and its frame from a click on its row', () => {
    const { store } = renderTimeline();
    const row = screen.getByRole('row', { name: 'track b' });
    row.getBoundingClientRect = () => ({ left: 0, width: 300, top: 0, height: 10, right: 300, bottom: 10, x: 0, y: 0, toJSON: () => ({}) });
    fireEvent.mouseDown(row, { clientX: 155 });
    expect(store.getState()).toMatchObject({ frame: 15, selected: new Set(['b']) });
  });

  it('runs from the right in Arabic: the first frame at the right end, marks placed from the inline start', async () => {
    await setLanguage('ar-SA');
    const { store } = renderTimeline();
    const row = screen.getByRole('row', { name: 'track b' });
    row.getBoundingClientRect = () => ({ left: 0, width: 300, top: 0, height: 10, right: 300, bottom: 10, x: 0, y: 0, toJSON: () => ({}) });
    fireEvent.mouseDown(row, { clientX: 295 });
    expect(store.getState().frame).toBe(0);
    fireEvent.mouseDown(row, { clientX: 155 });
    expect(store.getState().frame).toBe(14);
    const mark = row.querySelector<HTMLElement>('[data-keyframe="4"]')!;
    expect(mark.style.insetInlineStart).toBe(`${(4.5 / 30) * 100}%`);
    expect(mark.style.left).toBe('');
  });

  it('copies the selected track forward the number of frames asked, and leaves deleting the whole track to its command', async () => {
    const { store, flow } = renderTimeline();
    const user = userEvent.setup();
    store.set({ selected: new Set(['b']), frame: 4 });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Frames to copy forward' }), { target: { value: '2' } });
    await user.click(screen.getByRole('button', { name: 'Copy forward' }));
    expect(store.document().objects[1].keyframes.map((k) => [k.frame, k.source])).toEqual([
      [4, 'drawn'],
      [5, 'copied'],
      [6, 'copied'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Delete track' }));
    expect(flow).toHaveBeenCalledWith('delete_track');
    expect(store.document().objects).toHaveLength(2);
  });
});
