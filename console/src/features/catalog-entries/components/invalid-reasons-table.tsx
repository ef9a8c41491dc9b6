// Invalid-image reasons: code, name and description, created and edited in a dialog.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type InvalidReasonInput, invalidReasonInput } from '@annot/workflows';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { ActionsCell, ListTable } from '@/components/list-table';
import { TableCell, TableRow } from '@/components/ui/table';
import { ApiError } from '@/lib/api-client';
import { type InvalidReasonView, useDeleteEntry, useEntries } from '../api/entries';
import { EntryDialog } from './entry-dialog';

const path = '/manage/invalid-reasons' as const;
const fields = ['code', 'name', 'description'] as const;

export function InvalidReasonsTable() {
  const { t } = useTranslation();
  const reasons = useEntries<InvalidReasonInput>(path);
  const remove = useDeleteEntry(path);
  const [editing, setEditing] = useState<InvalidReasonView | null | undefined>(undefined);
  if (reasons.isPending) return <Skeleton className="h-32" />;
  return (
    <div className="grid gap-3">
      <div>
        <Button onClick={() => setEditing(null)}>{t('reasons_new')}</Button>
      </div>
      <ListTable headings={[...fields.map((field) => t(`reasons_${field}`)), t('actions')]} empty={(reasons.data ?? []).length === 0} error={reasons.error}>
        {(reasons.data ?? []).map((reason) => (
          <TableRow key={reason.id}>
            <TableCell className="font-mono">{reason.code}</TableCell>
            <TableCell>{reason.name}</TableCell>
            <TableCell>{reason.description}</TableCell>
            <ActionsCell>
              <Button size="sm" variant="outline" onClick={() => setEditing(reason)}>
                {t('edit')}
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={() => remove.mutate(reason.id, { onSuccess: () => toast.success(t('deleted')), onError: (e) => toast.error(e instanceof ApiError ? e.message : t('request_fail')) })}
              >
                {t('delete')}
              </Button>
            </ActionsCell>
          </TableRow>
        ))}
      </ListTable>
      {editing !== undefined && (
        <EntryDialog<InvalidReasonInput, InvalidReasonInput>
          path={path}
          title={t(editing ? 'reasons_edit' : 'reasons_new')}
          entry={editing}
          initial={editing ? { code: editing.code, name: editing.name, description: editing.description } : { code: '', name: '', description: '' }}
          schema={invalidReasonInput}
          toInput={(draft) => draft}
          onClose={() => setEditing(undefined)}
          fields={(draft, setDraft, errors) =>
            fields.map((field) => (
              <FormField key={field} id={`reason-${field}`} label={t(`reasons_${field}`)} error={errors[field]}>
                <Input value={draft[field]} onChange={(e) => setDraft({ ...draft, [field]: e.target.value })} />
              </FormField>
            ))
          }
        />
      )}
    </div>
  );
}
