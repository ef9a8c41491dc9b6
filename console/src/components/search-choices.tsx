// A checklist that searches the server: the chosen stay listed while the search box finds the rest, whatever their number.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useDebounced } from '@/lib/use-debounced';
import { failureMessage } from './refusal';

export interface Choice {
  id: string;
  name: string;
}

/** The server's answer for one keyword; a module-level hook, so each picker keeps the same one from render to render. */
export type UseChoices = (keyword: string) => { data?: Choice[]; isPending: boolean; error: unknown };

export interface SearchChoicesProps {
  legend: string;
  chosen: Choice[];
  onChange: (next: Choice[]) => void;
  useChoices: UseChoices;
}

export function SearchChoices({ legend, chosen, onChange, useChoices }: SearchChoicesProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const found = useChoices(useDebounced(keyword.trim()));
  const chosenIds = new Set(chosen.map((c) => c.id));
  const toggle = (choice: Choice, on: boolean) => onChange(on ? [...chosen, choice] : chosen.filter((c) => c.id !== choice.id));
  const row = (choice: Choice, on: boolean) => (
    <label key={choice.id} className="flex items-center gap-2 text-sm">
      <input type="checkbox" checked={on} onChange={(e) => toggle(choice, e.target.checked)} />
      {choice.name}
    </label>
  );
  const others = (found.data ?? []).filter((c) => !chosenIds.has(c.id));
  return (
    <fieldset className="grid content-start gap-1">
      <legend className="text-sm font-medium">{legend}</legend>
      {chosen.map((choice) => row(choice, true))}
      <Input type="search" aria-label={t('search_in', { list: legend })} placeholder={t('search')} className="my-1 h-8" value={keyword} onChange={(e) => setKeyword(e.target.value)} />
      {found.isPending ? (
        <Skeleton className="h-10" />
      ) : found.error ? (
        <p role="alert" className="text-sm text-muted-foreground">
          {failureMessage(found.error, t)}
        </p>
      ) : others.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('search_nothing')}</p>
      ) : (
        others.map((choice) => row(choice, false))
      )}
    </fieldset>
  );
}
