// The tool list: search, import, and per tool view, edit, export and delete (refused while a project uses it).
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { ActionsCell, ListTable } from '@/components/list-table';
import { TableCell, TableRow } from '@/components/ui/table';
import { ApiError } from '@/lib/api-client';
import { useDeleteTool } from '../api/delete-tool';
import { exportTool, useImportTool } from '../api/import-tool';
import { useTools } from '../api/list-tools';
import { formatDigits, formatNumber } from '@/lib/numbers';

export function ToolsTable() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const tools = useTools(keyword.trim());
  const remove = useDeleteTool();
  const importer = useImportTool();
  const file = useRef<HTMLInputElement>(null);
  const [importErrors, setImportErrors] = useState<{ message: string; lines: string[] } | null>(null);
  const failed = (error: unknown) => toast.error(error instanceof ApiError ? error.message : t('request_fail'));

  const onFile = async (chosen: File | undefined) => {
    if (!chosen) return;
    importer.mutate(await chosen.text(), {
      onSuccess: () => toast.success(t('tools_imported')),
      onError: (error) => {
        const lines = (error instanceof ApiError && (error.data as { errors?: string[] } | null)?.errors) || [];
        if (error instanceof ApiError && lines.length > 0) setImportErrors({ message: error.message, lines });
        else failed(error);
      },
    });
    if (file.current) file.current.value = '';
  };

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap gap-2">
        <Input aria-label={t('search')} placeholder={t('tools_search')} className="w-64" value={keyword} onChange={(e) => setKeyword(e.target.value)} />
        <Button asChild>
          <Link to="/toolConfig/new">{t('tools_new')}</Link>
        </Button>
        <Button variant="outline" onClick={() => file.current?.click()}>
          {t('tools_import')}
        </Button>
        <input ref={file} type="file" accept="application/json,.json" className="hidden" aria-label={t('tools_import_file')} onChange={(e) => void onFile(e.target.files?.[0])} />
      </div>
      {tools.isPending ? (
        <Skeleton className="h-32" />
      ) : (
        <ListTable headings={[t('tools_name'), t('tools_template'), t('tools_version'), t('tools_attributes'), t('tools_used'), t('actions')]} empty={(tools.data ?? []).length === 0} error={tools.error}>
          {(tools.data ?? []).map((tool) => (
            <TableRow key={tool.id}>
              <TableCell>{tool.name}</TableCell>
              <TableCell>{t(`tools_template_${tool.templateType}`)}</TableCell>
              <TableCell>v{formatDigits(tool.toolVersion)}</TableCell>
              <TableCell>{formatNumber(tool.attributes)}</TableCell>
              <TableCell>{tool.usedByProject ? <Badge>{t('tools_used_yes')}</Badge> : <Badge variant="outline">{t('tools_used_no')}</Badge>}</TableCell>
              <ActionsCell>
                <Button asChild size="sm" variant="outline">
                  <Link to={`/toolConfig/view/${tool.id}`}>{t('view')}</Link>
                </Button>
                <Button asChild size="sm" variant="outline">
                  <Link to={`/toolConfig/edit/${tool.id}`}>{t('edit')}</Link>
                </Button>
                <Button size="sm" variant="outline" onClick={() => void exportTool(tool.id, tool.name).catch(failed)}>
                  {t('tools_export')}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={tool.usedByProject}
                  title={tool.usedByProject ? t('tools_in_use') : undefined}
                  onClick={() => remove.mutate(tool.id, { onSuccess: () => toast.success(t('tools_deleted', { name: tool.name })), onError: failed })}
                >
                  {t('delete')}
                </Button>
              </ActionsCell>
            </TableRow>
          ))}
        </ListTable>
      )}
      {importErrors && (
        <Dialog open onOpenChange={(open) => !open && setImportErrors(null)}>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>{importErrors.message}</DialogTitle>
            </DialogHeader>
            <ul className="list-disc ps-5 text-sm">
              {importErrors.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </DialogContent>
        </Dialog>
      )}
    </div>
  );
}
