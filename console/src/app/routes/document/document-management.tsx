// /document/management: the admin's documents and help, with the form to add one.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { DocumentForm } from '@/features/documents/components/document-form';
import { DocumentsTable } from '@/features/documents/components/documents-table';

export default function DocumentManagementPage() {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  return (
    <div className="grid gap-4">
      <div className="flex items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">{t('menu_document_management')}</h1>
        <Button onClick={() => setAdding(true)}>{t('documents_add')}</Button>
      </div>
      <DocumentsTable />
      <Dialog open={adding} onOpenChange={setAdding}>
        <DialogContent className="max-h-[90vh] overflow-y-auto">
          <DialogHeader>
            <DialogTitle>{t('documents_add')}</DialogTitle>
          </DialogHeader>
          {adding && <DocumentForm onDone={() => setAdding(false)} />}
        </DialogContent>
      </Dialog>
    </div>
  );
}
