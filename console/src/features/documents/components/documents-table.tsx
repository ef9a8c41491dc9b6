// The admin's documents: name, address, range, sort and the shelf switch, with editing and removal.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentView } from '@annot/workflows';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListTable } from '@/components/list-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { TableCell, TableRow } from '@/components/ui/table';
import { useDocuments, useRemoveDocument, useShelveDocument } from '../api/documents';
import { DocumentForm } from './document-form';
import { formatDigits } from '@/lib/numbers';

function ShelfSwitch({ document }: { document: DocumentView }) {
  const { t } = useTranslation();
  const shelve = useShelveDocument();
  return (
    <label className="flex items-center gap-1.5 text-sm">
      <input
        type="checkbox"
        role="switch"
        aria-label={t('documents_shelf_switch', { name: document.name })}
        checked={document.onShelf}
        disabled={shelve.isPending}
        onChange={(e) => shelve.mutate({ id: document.id, onShelf: e.target.checked })}
      />
      <Badge variant={document.onShelf ? 'success' : 'outline'}>{document.onShelf ? t('documents_on_shelf') : t('documents_off_shelf')}</Badge>
    </label>
  );
}

export function DocumentsTable() {
  const { t } = useTranslation();
  const documents = useDocuments();
  const remove = useRemoveDocument();
  const [editing, setEditing] = useState<DocumentView | null>(null);
  const [removing, setRemoving] = useState<DocumentView | null>(null);
  const headings = [t('documents_name'), t('documents_address'), t('documents_description'), t('documents_range'), t('documents_sort'), t('documents_shelf'), t('actions')];
  const rows = documents.data ?? [];
  return (
    <>
      <ListTable headings={headings} empty={rows.length === 0} error={documents.error}>
        {rows.map((document) => (
          <TableRow key={document.id} data-testid="document-row">
            <TableCell className="font-medium">{document.name}</TableCell>
            <TableCell className="max-w-64 truncate text-xs" title={document.url}>
              {document.address.kind === 'link' ? document.address.url : `${t('documents_address_file')}: ${document.address.fileName}`}
            </TableCell>
            <TableCell className="max-w-64 text-xs text-muted-foreground">{document.description || '-'}</TableCell>
            <TableCell className="text-xs">{document.visibleRoles.map((role) => t(`role_${role}`)).join(', ')}</TableCell>
            <TableCell className="tabular-nums">{formatDigits(document.sort)}</TableCell>
            <TableCell>
              <ShelfSwitch document={document} />
            </TableCell>
            <TableCell className="flex flex-wrap gap-2">
              <Button size="sm" variant="outline" onClick={() => setEditing(document)}>
                {t('documents_edit')}
              </Button>
              <Button size="sm" variant="outline" onClick={() => setRemoving(document)}>
                {t('documents_remove')}
              </Button>
            </TableCell>
          </TableRow>
        ))}
      </ListTable>
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent className="max-h-[90vh] overflow-y-auto">
          <DialogHeader>
            <DialogTitle>{t('documents_edit')}</DialogTitle>
          </DialogHeader>
          {editing && <DocumentForm key={editing.id} document={editing} onDone={() => setEditing(null)} />}
        </DialogContent>
      </Dialog>
      {removing && (
        <ConfirmDialog
          title={t('documents_remove')}
          message={t('documents_remove_confirm', { name: removing.name })}
          confirmLabel={t('documents_remove')}
          onConfirm={() => remove.mutate(removing.id, { onSettled: () => setRemoving(null) })}
          onCancel={() => setRemoving(null)}
        />
      )}
    </>
  );
}
