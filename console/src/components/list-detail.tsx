// A list to pick from on the left, with a form to add to it, and the picked item's detail on the right.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { failureMessage } from './refusal';

export interface ListDetailProps<T extends { id: string }> {
  title: string;
  items: T[];
  selected: string | null;
  onSelect: (id: string) => void;
  label: (item: T) => ReactNode;
  addForm: ReactNode;
  detail: (id: string) => ReactNode;
  placeholder: string;
  /** The list's read failed: say why instead of showing an empty list. */
  error?: unknown;
}

export function ListDetail<T extends { id: string }>({ title, items, selected, onSelect, label, addForm, detail, placeholder, error }: ListDetailProps<T>) {
  const { t } = useTranslation();
  return (
    <div className="grid grid-cols-[18rem_1fr] gap-4">
      <Card>
        <CardHeader>
          <CardTitle>{title}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          {error ? (
            <p role="alert" className="text-sm text-muted-foreground">
              {failureMessage(error, t)}
            </p>
          ) : (
            items.length === 0 && <p className="text-sm text-muted-foreground">{t('empty')}</p>
          )}
          <ul className="grid gap-1" aria-label={title}>
            {items.map((item) => (
              <li key={item.id}>
                <button type="button" className={cn('w-full rounded-md px-2 py-1 text-start text-sm hover:bg-muted', selected === item.id && 'bg-primary/10 text-primary')} onClick={() => onSelect(item.id)}>
                  {label(item)}
                </button>
              </li>
            ))}
          </ul>
          {addForm}
        </CardContent>
      </Card>
      <Card>
        <CardContent className="pt-5">{selected ? detail(selected) : <p className="text-sm text-muted-foreground">{placeholder}</p>}</CardContent>
      </Card>
    </div>
  );
}
