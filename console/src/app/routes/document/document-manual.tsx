// /document/manual?url=...&id=...: one help document. The page asks the server by id, so a document outside the
// reader's range (or off the shelf) is refused there, whatever url the address carries.
import { useSearchParams } from 'react-router-dom';
import { RefusalNotice, refusalOf } from '@/components/refusal';
import { Skeleton } from '@/components/ui/skeleton';
import { useDocument } from '@/features/documents/api/documents';
import { DocumentViewer } from '@/features/documents/components/document-viewer';
import { isUuid } from '@/lib/ids';

export default function DocumentManualPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const document = useDocument(id);
  if (!isUuid(id)) return <RefusalNotice refusal="not_found" />;
  if (document.error) return <RefusalNotice refusal={refusalOf(document.error) ?? 'not_found'} />;
  if (!document.data) return <Skeleton className="h-96" />;
  return (
    <div className="grid gap-4">
      <h1 className="text-xl font-semibold">{document.data.name}</h1>
      <DocumentViewer document={document.data} />
    </div>
  );
}
