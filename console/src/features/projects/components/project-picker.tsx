// Choosing one project among all a reader may see, however many: a title search on the server, a page of matches
// at a time, and "all projects" to choose none.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureMessage } from '@/components/refusal';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDebounced } from '@/lib/use-debounced';
import { type ProjectChoice, useProjectChoices } from '../api/search-projects';

export interface ProjectPickerProps {
  label: string;
  /** What choosing none is called. */
  none: string;
  chosen: ProjectChoice | null;
  onChoose: (project: ProjectChoice | null) => void;
}

export function ProjectPicker({ label, none, chosen, onChoose }: ProjectPickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const [keyword, setKeyword] = useState('');
  const found = useProjectChoices(useDebounced(keyword.trim()));
  const option = (project: ProjectChoice | null) => {
    const on = (chosen?.id ?? null) === (project?.id ?? null);
    return (
      <li key={project?.id ?? ''}>
        <button type="button" role="option" aria-selected={on} className={`w-full rounded px-2 py-1 text-left text-sm hover:bg-muted ${on ? 'bg-muted font-medium' : ''}`} onClick={() => onChoose(project)}>
          {project?.name ?? none}
        </button>
      </li>
    );
  };
  return (
    <div className="grid max-w-sm gap-1">
      <Label htmlFor={`${id}-search`}>{label}</Label>
      <Input id={`${id}-search`} type="search" placeholder={t('projects_search')} value={keyword} onChange={(e) => setKeyword(e.target.value)} />
      <ul role="listbox" aria-label={label} className="max-h-60 overflow-y-auto rounded-md border p-1">
        {option(null)}
        {(found.data ?? []).map((project) => option(project))}
        {found.error ? (
          <li role="alert" className="px-2 py-1 text-sm text-muted-foreground">
            {failureMessage(found.error, t)}
          </li>
        ) : (
          found.data?.length === 0 && <li className="px-2 py-1 text-sm text-muted-foreground">{t('search_nothing')}</li>
        )}
        {found.hasNextPage && (
          <li>
            <Button size="sm" variant="ghost" disabled={found.isFetchingNextPage} onClick={() => void found.fetchNextPage()}>
              {t('load_more')}
            </Button>
          </li>
        )}
      </ul>
    </div>
  );
}
