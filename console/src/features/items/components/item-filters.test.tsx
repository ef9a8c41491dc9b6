// The filters live in the page's address: a choice is written there at once, a value the server would refuse is not
// read from it, and clearing leaves the open link's tab where it was.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '@/lib/i18n';
import { type ItemChoices, ItemFilters } from './item-filters';
import { useItemFilters } from './use-item-filters';

const batch = '00000000-0000-4000-8000-0000000000b1';
const tagger = '00000000-0000-4000-8000-0000000000a1';
const link = '00000000-0000-4000-8000-0000000000c1';
const choices: ItemChoices = { batches: [{ id: batch, name: 'Week 1' }], claimers: [{ id: tagger, name: 'Ann' }], teams: [] };

function Filters() {
  const state = useItemFilters();
  const location = useLocation();
  return (
    <>
      <ItemFilters state={state} choices={choices} />
      <output aria-label="address">{location.search}</output>
      <output aria-label="filter">{JSON.stringify(state.filter)}</output>
    </>
  );
}

const renderAt = (search: string) =>
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[`/project/datamanage/p${search}`]}>
        <Filters />
      </MemoryRouter>
    </I18nextProvider>,
  );

describe(ItemFilters.name, () => {
  beforeEach(() => setLanguage('en-US'));

  it('writes each choice into the address and reads it back as the list filter', async () => {
    renderAt('');
    await userEvent.selectOptions(screen.getByLabelText('Claimed by'), 'Ann');
    await userEvent.selectOptions(screen.getByLabelText('Batch'), 'Week 1');
    await userEvent.selectOptions(screen.getByLabelText('Effectiveness'), 'Invalid');
    expect(screen.getByLabelText('address')).toHaveTextContent(`?claimer=${tagger}&batch=${batch}&effectiveness=invalid`);
    expect(JSON.parse(screen.getByLabelText('filter').textContent ?? '')).toEqual({ batchId: batch, effectiveness: 'invalid', claimerId: tagger });
  });

  it('leaves out a value the server would refuse, and hides a filter with nothing to choose', () => {
    renderAt(`?rework=maybe&claimer=someone&status=claimed`);
    expect(JSON.parse(screen.getByLabelText('filter').textContent ?? '')).toEqual({ status: 'claimed' });
    expect(screen.getByLabelText('Claimed by')).toHaveValue('');
    expect(screen.queryByLabelText('Team')).not.toBeInTheDocument();
  });

  it('clears every filter but the open link', async () => {
    renderAt(`?link=${link}&status=waiting&rework=true`);
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByLabelText('address')).toHaveTextContent(`?link=${link}`);
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });
});
