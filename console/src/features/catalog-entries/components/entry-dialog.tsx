// The dialog that creates or edits one catalog entry: its fields come from the caller, checks from the shared schema.
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { type FieldErrors, reportFormError, zodFieldErrors } from '@/lib/form-errors';
import { type EntryPath, type EntryView, useSaveEntry } from '../api/entries';

export interface EntryDialogProps<T, D> {
  path: EntryPath;
  title: string;
  entry: EntryView<T> | null;
  initial: D;
  schema: z.ZodType<T>;
  toInput: (draft: D) => unknown;
  fields: (draft: D, setDraft: (draft: D) => void, errors: FieldErrors) => ReactNode;
  onClose: () => void;
}

export function EntryDialog<T, D>({ path, title, entry, initial, schema, toInput, fields, onClose }: EntryDialogProps<T, D>) {
  const { t } = useTranslation();
  const save = useSaveEntry<T>(path);
  const [draft, setDraft] = useState<D>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
        </DialogHeader>
        <form
          className="grid gap-3"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const parsed = schema.safeParse(toInput(draft));
            if (!parsed.success) return setErrors(zodFieldErrors(parsed.error, t));
            setErrors({});
            save.mutate(
              { entry, input: parsed.data },
              {
                onSuccess: () => {
                  toast.success(t('saved'));
                  onClose();
                },
                onError: (error) => reportFormError(error, setErrors, t),
              },
            );
          }}
        >
          {fields(draft, setDraft, errors)}
          <Button type="submit" disabled={save.isPending}>
            {t('save')}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
