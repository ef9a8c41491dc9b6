// A diff of two moments in words and colours: each object's change named, the removed drawn from the earlier result,
// and the reader's way back to one moment.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ItemDiffView, ResultObject } from '@annot/workflows';
import { i18n, setLanguage } from '@/lib/i18n';
import { diffColors, diffDrawing, ItemDiff } from './item-diff';

const tool = '00000000-0000-4000-8000-000000007001';
const box = (id: string, x: number): ResultObject => ({
  id,
  toolId: tool,
  toolVersion: 1,
  templateType: 'box',
  className: null,
  attributes: {},
  group: null,
  keyframes: [{ frame: 0, shape: { type: 'box', x, y: 10, width: 20, height: 10 }, attributes: {}, outside: false, source: 'drawn' }],
});
const end = (objects: ResultObject[], position: string, resultVersion: number) => ({
  moment: { asked: 'position' as const, position, recordedAt: '2026-11-29T08:00:00.000000Z', folded: 1, total: 3 },
  status: 'finished' as const,
  resultVersion,
  result: { frameCount: 1, objects, attributes: {} },
});
const view: ItemDiffView = {
  itemId: '00000000-0000-4000-8000-000000000001',
  projectId: '00000000-0000-4000-8000-000000000002',
  fileName: 'a.jpg',
  width: 100,
  height: 80,
  from: end([box('moved', 10), box('gone', 50)], '10', 1),
  to: end([box('moved', 30), box('new', 70)], '20', 2),
  diff: {
    objects: [
      { objectId: 'moved', kind: 'changed', toolId: tool, className: null, aspects: ['moved', 'resized'], attributes: [{ name: 'color', frame: null, before: 'red', after: 'blue' }], frames: [0] },
      { objectId: 'new', kind: 'added', toolId: tool, className: null, aspects: [], attributes: [], frames: [] },
      { objectId: 'gone', kind: 'removed', toolId: tool, className: null, aspects: [], attributes: [], frames: [] },
    ],
    itemAttributes: [],
    counts: [{ toolId: tool, className: null, before: 2, after: 2 }],
    unchanged: 0,
  },
  changes: [{ position: '15', recordedAt: '2026-11-29T08:00:01.000000Z', type: 'ResultSaved', resultVersion: 2, actorId: 'u1', actorName: 'Tagger' }],
};

describe(ItemDiff.name, () => {
  beforeEach(() => setLanguage('en-US'));

  it('names each change, the objects per class at both ends and who saved in between, and stops on request', async () => {
    const onStop = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <ItemDiff view={view} error={null} toolName={() => 'car'} onStop={onStop} />
      </I18nextProvider>,
    );
    const region = screen.getByRole('region', { name: 'What changed' });
    expect(within(region).getByText('From event 10', { exact: false })).toBeTruthy();
    expect(within(region).getByRole('row', { name: /1\. car Changed moved and resized color: red → blue/ })).toBeTruthy();
    expect(within(region).getByRole('row', { name: /2\. car Added/ })).toBeTruthy();
    // A removed object is named as the earlier result numbered it.
    expect(within(region).getByRole('row', { name: /2\. car Removed/ })).toBeTruthy();
    expect(within(region).getByText('Removed: 1')).toBeTruthy();
    expect(within(region).getByRole('row', { name: /15 .* Result saved Tagger v2/ })).toBeTruthy();
    await userEvent.click(within(region).getByRole('button', { name: 'Stop comparing' }));
    expect(onStop).toHaveBeenCalled();
  });
});

describe(diffDrawing.name, () => {
  it('draws the later objects and the removed ones of the earlier, each in the colour of its change', () => {
    const drawing = diffDrawing(view);
    expect(drawing.objects.map((o) => o.id)).toEqual(['moved', 'new', 'gone']);
    expect(['moved', 'new', 'gone'].map((id) => diffColors[drawing.kindOf(id)])).toEqual([diffColors.changed, diffColors.added, diffColors.removed]);
  });
});
