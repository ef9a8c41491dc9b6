// The filters over a project's items: status, batch, effectiveness, claimer, team share and rework, each a select
// whose choices the page knows; a filter with nothing to choose from is not shown.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type BatchSummary, type LinkMembersView, itemListStatuses } from '@annot/workflows';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import type { FilterParam, ItemFilterState } from './use-item-filters';

export interface Choice {
  id: string;
  name: string;
}

export interface ItemChoices {
  batches: Choice[];
  claimers: Choice[];
  teams: Choice[];
}

const byName = (choices: Map<string, string>): Choice[] => [...choices].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));

/** The batches of a project, and the people and teams of its links as the reader may see them. */
export function itemChoicesOf(members: LinkMembersView[] | undefined, batches: BatchSummary[] | undefined): ItemChoices {
  const people = new Map<string, string>();
  const teams = new Map<string, string>();
  for (const link of members ?? []) {
    for (const person of [...link.taggers, ...link.groups.flatMap((g) => g.taggers)]) people.set(person.id, person.name);
    for (const team of link.teams) teams.set(team.id, team.name);
  }
  return { batches: (batches ?? []).map((b) => ({ id: b.id, name: b.name })), claimers: byName(people), teams: byName(teams) };
}

export function ItemFilters({ state, choices }: { state: ItemFilterState; choices: ItemChoices }) {
  const { t } = useTranslation();
  const { values, set, clear } = state;
  const id = useId();
  const select = (param: FilterParam, label: string, options: Choice[]) => (
    <div key={param} className="grid gap-1">
      <Label htmlFor={`${id}-${param}`} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <Select id={`${id}-${param}`} className="w-44" value={values[param]} onChange={(e) => set(param, e.target.value)}>
        <option value="">{t('all')}</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </Select>
    </div>
  );
  const active = Object.entries(values).some(([param, value]) => param !== 'link' && value !== '');
  return (
    <div className="flex flex-wrap items-end gap-2" role="group" aria-label={t('items_filters')}>
      {select('status', t('items_status'), itemListStatuses.map((s) => ({ id: s, name: t(`item_status_${s}`) })))}
      {choices.batches.length > 0 && select('batch', t('items_batch'), choices.batches)}
      {select('effectiveness', t('items_effective'), [
        { id: 'valid', name: t('items_valid') },
        { id: 'invalid', name: t('items_invalid') },
      ])}
      {choices.claimers.length > 0 && select('claimer', t('items_claimer'), choices.claimers)}
      {choices.teams.length > 0 && select('team', t('items_team'), choices.teams)}
      {select('rework', t('items_rework'), [
        { id: 'true', name: t('items_rework_only') },
        { id: 'false', name: t('items_rework_none') },
      ])}
      {active && (
        <Button size="sm" variant="ghost" onClick={clear}>
          {t('items_filters_clear')}
        </Button>
      )}
    </div>
  );
}
