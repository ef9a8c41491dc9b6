// Box error property groups: each group with its coloured values, created and edited in a dialog.
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type ErrorGroupInput, errorGroupInput } from '@annot/workflows';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { failureMessage } from '@/components/refusal';
import { ApiError } from '@/lib/api-client';
import { type ErrorGroupView, useDeleteEntry, useEntries } from '../api/entries';
import { EntryDialog } from './entry-dialog';

const path = '/manage/error-groups' as const;
const blankValue = { name: '', color: '#dc2626', type: '', description: '' };

export function ErrorGroupsTable() {
  const { t } = useTranslation();
  const groups = useEntries<ErrorGroupInput>(path);
  const remove = useDeleteEntry(path);
  const [editing, setEditing] = useState<ErrorGroupView | null | undefined>(undefined);
  if (groups.isPending) return <Skeleton className="h-32" />;
  return (
    <div className="grid gap-3">
      <div>
        <Button onClick={() => setEditing(null)}>{t('errors_new')}</Button>
      </div>
      {groups.error ? (
        <p role="alert" className="text-sm text-muted-foreground">
          {failureMessage(groups.error, t)}
        </p>
      ) : (
        (groups.data ?? []).length === 0 && <p className="text-sm text-muted-foreground">{t('empty')}</p>
      )}
      {(groups.data ?? []).map((group) => (
        <Card key={group.id}>
          <CardHeader className="flex-row items-start justify-between">
            <div>
              <CardTitle>{group.name}</CardTitle>
              <CardDescription>{group.description}</CardDescription>
            </div>
            <div className="flex gap-1">
              <Button size="sm" variant="outline" onClick={() => setEditing(group)}>
                {t('edit')}
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={() => remove.mutate(group.id, { onSuccess: () => toast.success(t('deleted')), onError: (e) => toast.error(e instanceof ApiError ? e.message : t('request_fail')) })}
              >
                {t('delete')}
              </Button>
            </div>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-2">
            {group.values.map((value) => (
              <span key={value.name} className="inline-flex items-center gap-1 rounded-full border border-border px-2 py-0.5 text-xs" title={value.description}>
                <span className="h-3 w-3 rounded-full" style={{ background: value.color }} />
                {value.name} · {value.type}
              </span>
            ))}
          </CardContent>
        </Card>
      ))}
      {editing !== undefined && (
        <EntryDialog<ErrorGroupInput, ErrorGroupInput>
          path={path}
          title={t(editing ? 'errors_edit' : 'errors_new')}
          entry={editing}
          initial={editing ? { name: editing.name, description: editing.description, values: editing.values } : { name: '', description: '', values: [blankValue] }}
          schema={errorGroupInput}
          toInput={(draft) => draft}
          onClose={() => setEditing(undefined)}
          fields={(draft, setDraft, errors) => (
            <>
              <FormField id="group-name" label={t('errors_name')} error={errors.name}>
                <Input value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
              </FormField>
              <FormField id="group-description" label={t('errors_description')} error={errors.description}>
                <Input value={draft.description} onChange={(e) => setDraft({ ...draft, description: e.target.value })} />
              </FormField>
              <fieldset className="grid gap-2">
                <legend className="text-sm font-medium">{t('errors_values')}</legend>
                {errors.values && <p role="alert" className="text-xs text-destructive">{errors.values}</p>}
                {draft.values.map((value, i) => {
                  const set = (change: Partial<typeof value>) => setDraft({ ...draft, values: draft.values.map((v, j) => (j === i ? { ...v, ...change } : v)) });
                  return (
                    <div key={i} role="group" aria-label={t('errors_value_n', { n: i + 1 })} className="grid grid-cols-[1fr_5rem_1fr_1fr_auto] items-end gap-2">
                      <FormField id={`value-${i}-name`} label={t('errors_value_name')} error={errors[`values.${i}.name`]}>
                        <Input value={value.name} onChange={(e) => set({ name: e.target.value })} />
                      </FormField>
                      <FormField id={`value-${i}-color`} label={t('errors_value_color')} error={errors[`values.${i}.color`]}>
                        <Input type="color" className="p-1" value={value.color} onChange={(e) => set({ color: e.target.value })} />
                      </FormField>
                      <FormField id={`value-${i}-type`} label={t('errors_value_type')} error={errors[`values.${i}.type`]}>
                        <Input value={value.type} onChange={(e) => set({ type: e.target.value })} />
                      </FormField>
                      <FormField id={`value-${i}-description`} label={t('errors_value_description')}>
                        <Input value={value.description} onChange={(e) => set({ description: e.target.value })} />
                      </FormField>
                      <Button type="button" variant="ghost" size="icon" aria-label={t('errors_value_remove')} onClick={() => setDraft({ ...draft, values: draft.values.filter((_, j) => j !== i) })}>
                        <Trash2 className="h-4 w-4" />
                      </Button>
                    </div>
                  );
                })}
                <div>
                  <Button type="button" variant="outline" size="sm" onClick={() => setDraft({ ...draft, values: [...draft.values, blankValue] })}>
                    <Plus className="h-4 w-4" />
                    {t('errors_value_add')}
                  </Button>
                </div>
              </fieldset>
            </>
          )}
        />
      )}
    </div>
  );
}
