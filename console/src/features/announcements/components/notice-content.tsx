// An announcement's content as readers see it: the markup the server kept when it was written, shown as it is.
import { cn } from '@/lib/utils';

/** How the kept markup looks, in the editor and on the notice alike. */
export const richTextClass =
  '[&_h1]:text-xl [&_h1]:font-semibold [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_p]:my-1 [&_ol]:list-decimal [&_ol]:ps-5 [&_ul]:list-disc [&_ul]:ps-5 [&_blockquote]:border-s-4 [&_blockquote]:border-border [&_blockquote]:ps-3 [&_a]:text-primary [&_a]:underline [&_code]:rounded [&_code]:bg-muted [&_code]:px-1';

export function NoticeContent({ html, className }: { html: string; className?: string }) {
  // The server sanitized this markup at the command that stored it; nothing else writes it.
  return <div className={cn('text-sm leading-relaxed', richTextClass, className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
