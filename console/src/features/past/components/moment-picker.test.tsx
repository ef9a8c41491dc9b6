// Choosing a moment sends the reader's local date and time as the same instant in UTC, or the event number as typed.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, setLanguage } from '@/lib/i18n';
import { MomentPicker } from './moment-picker';

function renderPicker() {
  const onChoose = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <MomentPicker onChoose={onChoose} />
    </I18nextProvider>,
  );
  return onChoose;
}

describe(MomentPicker.name, () => {
  beforeEach(() => setLanguage('en-US'));

  it('chooses a date and time as the same instant in UTC', async () => {
    const onChoose = renderPicker();
    await userEvent.type(screen.getByLabelText('As of a date and time'), '2026-11-29T08:15:30');
    await userEvent.click(screen.getAllByRole('button', { name: 'Show' })[0]);
    expect(onChoose).toHaveBeenCalledWith({ kind: 'time', at: new Date('2026-11-29T08:15:30').toISOString() });
  });

  it('chooses an event by its number, and offers nothing for what is not a number', async () => {
    const onChoose = renderPicker();
    const [, byEvent] = screen.getAllByRole('button', { name: 'Show' });
    await userEvent.type(screen.getByLabelText('As of event N'), '12x');
    expect(byEvent).toBeDisabled();
    await userEvent.clear(screen.getByLabelText('As of event N'));
    await userEvent.type(screen.getByLabelText('As of event N'), '4021');
    await userEvent.click(byEvent);
    expect(onChoose).toHaveBeenCalledWith({ kind: 'position', position: '4021' });
  });
});
