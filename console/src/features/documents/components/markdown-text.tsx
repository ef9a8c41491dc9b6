// A Markdown document rendered as its author laid it out: headings, lists, tables of GitHub's flavour, links, code.
// Raw HTML in the file is shown as text, never run, and what the sanitizer does not allow (script addresses, event
// attributes) is dropped, so an uploaded file cannot act in the console. Loaded only when a Markdown document is opened.
import ReactMarkdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';

const layout = [
  'max-w-none rounded-md border border-border p-4 text-sm leading-6',
  '[&_h1]:mb-3 [&_h1]:text-2xl [&_h1]:font-semibold [&_h2]:mb-2 [&_h2]:mt-5 [&_h2]:text-xl [&_h2]:font-semibold',
  '[&_h3]:mb-2 [&_h3]:mt-4 [&_h3]:text-lg [&_h3]:font-medium [&_p]:my-2',
  '[&_ul]:my-2 [&_ul]:list-disc [&_ul]:ps-6 [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:ps-6',
  '[&_a]:text-primary [&_a]:underline [&_blockquote]:border-s-4 [&_blockquote]:border-border [&_blockquote]:ps-3 [&_blockquote]:text-muted-foreground',
  '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_pre]:my-2 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-muted [&_pre]:p-3',
  '[&_table]:my-2 [&_td]:border [&_td]:border-border [&_td]:px-2 [&_th]:border [&_th]:border-border [&_th]:px-2',
].join(' ');

export default function MarkdownText({ text }: { text: string }) {
  return (
    <article className={layout}>
      <ReactMarkdown rehypePlugins={[rehypeSanitize]} components={{ a: ({ node: _, ...props }) => <a {...props} target="_blank" rel="noreferrer noopener" /> }}>
        {text}
      </ReactMarkdown>
    </article>
  );
}
