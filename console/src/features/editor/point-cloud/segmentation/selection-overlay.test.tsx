// The selection overlay answers the region a person drew, in the overlay's own pixels.
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, setLanguage } from '@/lib/i18n';
import { SelectionOverlay, type SelectionMode } from './selection-overlay';

beforeEach(() => setLanguage('en-US'));

function renderOverlay(mode: SelectionMode, enabled = true) {
  const onRegion = vi.fn();
  const view = render(
    <I18nextProvider i18n={i18n}>
      <div style={{ position: 'relative' }}>
        <SelectionOverlay mode={mode} enabled={enabled} brushRadius={8} onRegion={onRegion} />
      </div>
    </I18nextProvider>,
  );
  const overlay = screen.queryByTestId('selection-overlay');
  // The overlay sits at (100, 50) on the page.
  if (overlay) overlay.getBoundingClientRect = () => ({ left: 100, top: 50, right: 500, bottom: 350, width: 400, height: 300, x: 100, y: 50, toJSON: () => ({}) });
  return { onRegion, overlay, view };
}

const drag = (element: HTMLElement, path: [number, number][], init: { altKey?: boolean } = {}) => {
  const [first, ...rest] = path;
  fireEvent.pointerDown(element, { clientX: first[0], clientY: first[1], button: 0, pointerId: 1, ...init });
  for (const [x, y] of rest) fireEvent.pointerMove(element, { clientX: x, clientY: y, pointerId: 1 });
  const last = path[path.length - 1];
  fireEvent.pointerUp(element, { clientX: last[0], clientY: last[1], pointerId: 1 });
};

describe(SelectionOverlay.name, () => {
  it('answers a box dragged up and left as a rectangle in its own pixels', () => {
    const { onRegion, overlay } = renderOverlay('box');
    expect(screen.getByRole('application', { name: 'Box selection' })).toBeInTheDocument();
    drag(overlay!, [[300, 200], [250, 180], [160, 120]]);
    expect(onRegion).toHaveBeenCalledWith({ kind: 'rect', x: 60, y: 70, width: 140, height: 80 }, { remove: false });
  });

  it('answers a lasso as its vertices, and a gesture with Alt held as a removal', () => {
    const { onRegion, overlay } = renderOverlay('lasso');
    drag(overlay!, [[110, 60], [210, 60], [210, 160], [110, 160]], { altKey: true });
    expect(onRegion).toHaveBeenCalledWith({ kind: 'lasso', points: [10, 10, 110, 10, 110, 110, 10, 110, 10, 110] }, { remove: true });
  });

  it('answers a brush stroke with its radius, and shows the stroke while it is drawn', () => {
    const { onRegion, overlay } = renderOverlay('brush');
    fireEvent.pointerDown(overlay!, { clientX: 120, clientY: 70, button: 0, pointerId: 1 });
    fireEvent.pointerMove(overlay!, { clientX: 140, clientY: 70, pointerId: 1 });
    expect(overlay!.querySelector('[data-gesture="brush"]')?.getAttribute('points')).toBe('20,20 40,20');
    fireEvent.pointerUp(overlay!, { clientX: 140, clientY: 70, pointerId: 1 });
    expect(onRegion).toHaveBeenCalledWith({ kind: 'brush', points: [20, 20, 40, 20, 40, 20], radius: 8 }, { remove: false });
  });

  it('answers nothing for a click in box mode, nor after Escape, and is absent when disabled', () => {
    const { onRegion, overlay, view } = renderOverlay('box');
    drag(overlay!, [[300, 200], [300, 200]]);
    fireEvent.pointerDown(overlay!, { clientX: 300, clientY: 200, button: 0, pointerId: 1 });
    fireEvent.pointerMove(overlay!, { clientX: 400, clientY: 300, pointerId: 1 });
    fireEvent.keyDown(window, { key: 'Escape' });
    fireEvent.pointerUp(overlay!, { clientX: 400, clientY: 300, pointerId: 1 });
    expect(onRegion).not.toHaveBeenCalled();
    view.unmount();
    const disabled = renderOverlay('box', false);
    expect(disabled.overlay).toBeNull();
  });
});
