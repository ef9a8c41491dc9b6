// One document as its reader sees it: a link or a PDF in a frame, an image, Markdown rendered (sanitized, so an uploaded
// file cannot run anything in the console), or plain text as written.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { documentDisplay, type DocumentView } from '@annot/workflows';
import { Skeleton } from '@/components/ui/skeleton';
import { useObjectUrl } from '@/lib/use-object-url';
import { useDocumentFile } from '../api/documents';

const MarkdownText = lazy(() => import('./markdown-text'));

function FileContent({ document }: { document: DocumentView }) {
  const { t } = useTranslation();
  const display = documentDisplay(document.address);
  const file = useDocumentFile(document.id, true);
  const url = useObjectUrl(file.data);
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    if ((display === 'text' || display === 'markdown') && file.data) void file.data.text().then(setText);
  }, [display, file.data]);
  if (file.error) return <p role="alert" className="text-sm text-destructive">{t('load_failed')}</p>;
  if (display === 'markdown') {
    return text === null ? <Skeleton className="h-96" /> : (
      <Suspense fallback={<Skeleton className="h-96" />}>
        <MarkdownText text={text} />
      </Suspense>
    );
  }
  if (display === 'text') return text === null ? <Skeleton className="h-96" /> : <pre className="whitespace-pre-wrap rounded-md border border-border bg-muted/30 p-4 text-sm">{text}</pre>;
  if (!url) return <Skeleton className="h-[70vh]" />;
  if (display === 'image') return <img src={url} alt={document.name} className="max-w-full rounded-md border border-border" />;
  return <iframe title={document.name} src={url} className="h-[75vh] w-full rounded-md border border-border" />;
}

export function DocumentViewer({ document }: { document: DocumentView }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3">
      {document.description && <p className="text-sm text-muted-foreground">{document.description}</p>}
      {document.address.kind === 'link' ? (
        <>
          <a href={document.address.url} target="_blank" rel="noreferrer noopener" className="text-sm text-primary underline">
            {t('documents_open_new_tab')}
          </a>
          <iframe title={document.name} src={document.address.url} sandbox="allow-scripts allow-same-origin allow-popups allow-forms" className="h-[75vh] w-full rounded-md border border-border" />
        </>
      ) : (
        <FileContent document={document} />
      )}
    </div>
  );
}
