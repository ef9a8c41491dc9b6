// The picker asks for each keyword once typing pauses, and keeps the chosen listed whatever the search returns.
import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '@/lib/i18n';
import { type Choice, SearchChoices } from './search-choices';

const everyone: Choice[] = Array.from({ length: 30 }, (_, i) => ({ id: `t${i}`, name: `Tagger ${i}` }));
const asked: string[] = [];

/** Answers like the server: the first twenty matching the keyword. */
function useTaggers(keyword: string) {
  asked.push(keyword);
  return { data: everyone.filter((c) => c.name.includes(keyword)).slice(0, 20), isPending: false, error: null };
}

function Picker() {
  const [chosen, setChosen] = useState<Choice[]>([]);
  return <SearchChoices legend="Taggers" chosen={chosen} onChange={setChosen} useChoices={useTaggers} />;
}

describe(SearchChoices.name, () => {
  it('finds an entry past the first twenty by keyword, and keeps it chosen when the search moves on', async () => {
    setLanguage('en-US');
    render(
      <I18nextProvider i18n={i18n}>
        <Picker />
      </I18nextProvider>,
    );
    expect(screen.queryByLabelText('Tagger 27')).not.toBeInTheDocument();
    const search = screen.getByRole('searchbox', { name: 'Search Taggers' });
    await userEvent.type(search, 'Tagger 27');
    await userEvent.click(await screen.findByLabelText('Tagger 27', {}, { timeout: 2000 }));
    expect(asked).not.toContain('Tagger 2');
    await userEvent.clear(search);
    await userEvent.type(search, 'Tagger 1');
    await screen.findByLabelText('Tagger 19', {}, { timeout: 2000 });
    expect(screen.getByLabelText('Tagger 27')).toBeChecked();
  });
});
