// The admin's document form: name, address (a link, or a file uploaded as soon as it is chosen), description, the
// roles that may read it, sort, and on adding whether it goes on the shelf at once. Checked by the shared schema.
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { allRoles, documentFileKinds, documentInput, type DocumentView } from '@annot/workflows';
import { FormRefusal } from '@/components/form-refusal';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useAddDocument, useEditDocument, useUploadDocumentFile } from '../api/documents';

const accept = Object.keys(documentFileKinds).map((kind) => `.${kind}`).join(',');

export function DocumentForm({ document, onDone }: { document?: DocumentView; onDone: () => void }) {
  const { t } = useTranslation();
  const add = useAddDocument();
  const edit = useEditDocument(document?.id ?? '');
  const upload = useUploadDocumentFile();
  const saving = document ? edit : add;
  const form = useSchemaForm(documentInput, {
    name: document?.name ?? '',
    address: document?.address.kind === 'file' ? { kind: 'file', fileId: document.address.fileId } : { kind: 'link', url: document?.address.url ?? 'https://' },
    description: document?.description ?? '',
    visibleRoles: document?.visibleRoles ?? [],
    sort: document?.sort ?? 0,
    onShelf: document?.onShelf ?? true,
  });
  const address = form.watch('address');
  const roles = form.watch('visibleRoles') ?? [];
  const uploadedName = upload.data?.fileName ?? (document?.address.kind === 'file' ? document.address.fileName : null);

  const toggleRole = (role: (typeof allRoles)[number], on: boolean) =>
    form.setValue('visibleRoles', on ? [...roles, role] : roles.filter((r) => r !== role), { shouldValidate: form.formState.isSubmitted });
  const chooseFile = (file: File | undefined) => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (uploaded) => form.setValue('address', { kind: 'file', fileId: uploaded.fileId }, { shouldValidate: true }),
      // The server says why a file was refused (its kind, its content, its size) in the reader's language.
      onError: (error) => form.setError('address.fileId', { type: 'server', message: error instanceof ApiError ? (error.fields[0]?.message ?? error.message) : t('request_fail') }),
    });
  };
  const submit = form.handleSubmit(({ onShelf, ...input }) => {
    const done = { onSuccess: () => (toast.success(t('saved')), onDone()), onError: (error: unknown) => form.showRefusal(error) };
    if (document) edit.mutate(input, done);
    else add.mutate({ ...input, onShelf }, done);
  });

  return (
    <form className="grid gap-3" onSubmit={submit} noValidate aria-label={document ? t('documents_edit') : t('documents_add')}>
      <FormField id="document-name" label={t('documents_name')} error={form.errorOf('name')}>
        <Input {...form.register('name')} />
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">{t('documents_address')}</legend>
        <div className="flex gap-4 text-sm">
          {(['link', 'file'] as const).map((kind) => (
            <label key={kind} className="flex items-center gap-1.5">
              <input
                type="radio"
                name="document-address-kind"
                checked={address.kind === kind}
                onChange={() => form.setValue('address', kind === 'link' ? { kind, url: 'https://' } : { kind, fileId: upload.data?.fileId ?? '' })}
              />
              {t(`documents_address_${kind}`)}
            </label>
          ))}
        </div>
        {address.kind === 'link' ? (
          <FormField id="document-url" label={t('documents_url')} error={form.errorOf('address.url')}>
            <Input {...form.register('address.url')} />
          </FormField>
        ) : (
          <FormField id="document-file" label={t('documents_file_hint', { kinds: Object.keys(documentFileKinds).join(', ') })} error={form.errorOf('address.fileId')}>
            <Input type="file" accept={accept} disabled={upload.isPending} onChange={(e) => chooseFile(e.target.files?.[0])} />
          </FormField>
        )}
        {address.kind === 'file' && uploadedName && <p className="text-xs text-muted-foreground">{t('documents_uploaded', { name: uploadedName })}</p>}
      </fieldset>
      <FormField id="document-description" label={t('documents_description')} error={form.errorOf('description')}>
        <Input {...form.register('description')} />
      </FormField>
      <fieldset className="grid gap-1.5">
        <legend className="text-sm font-medium">{t('documents_range')}</legend>
        <div className="flex flex-wrap gap-3 text-sm">
          {allRoles.map((role) => (
            <label key={role} className="flex items-center gap-1.5">
              <input type="checkbox" checked={roles.includes(role)} onChange={(e) => toggleRole(role, e.target.checked)} />
              {t(`role_${role}`)}
            </label>
          ))}
        </div>
        {form.errorOf('visibleRoles') && (
          <p role="alert" className="text-xs text-destructive">
            {form.errorOf('visibleRoles')}
          </p>
        )}
      </fieldset>
      <FormField id="document-sort" label={t('documents_sort')} error={form.errorOf('sort')}>
        <Input type="number" min={0} {...form.register('sort', { valueAsNumber: true })} />
      </FormField>
      {!document && (
        <label className="flex items-center gap-1.5 text-sm">
          <input type="checkbox" {...form.register('onShelf')} />
          {t('documents_on_shelf_now')}
        </label>
      )}
      <FormRefusal error={saving.error} shownInFields={Object.keys(form.formState.errors).length > 0} />
      <div>
        <Button type="submit" disabled={saving.isPending || upload.isPending}>
          {document ? t('save') : t('documents_add')}
        </Button>
      </div>
    </form>
  );
}
