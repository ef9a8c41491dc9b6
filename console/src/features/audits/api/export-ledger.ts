// GET /manage/ledger/export: a project's slice of the audit ledger (or, for the staff, the whole) saved as a file.
import { useMutation } from '@tanstack/react-query';
import type { LedgerExportQuery } from '@annot/workflows';
import { api } from '@/lib/api-client';
import { saveBlob } from '@/lib/download';

export async function exportLedger(query: LedgerExportQuery): Promise<void> {
  const file = await api.blob('/manage/ledger/export', { ...query });
  saveBlob(file, `ledger-${query.projectId ?? 'all'}.ndjson`);
}

export const useExportLedger = () => useMutation({ mutationFn: exportLedger });
