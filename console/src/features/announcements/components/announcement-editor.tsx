// The announcement's rich text editor (tiptap): paragraphs, headings, bold, italic, lists, quotes. It is loaded only
// with the form; the server keeps only the safe part of what it sends.
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Bold, Heading2, Italic, List, ListOrdered, Quote } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { richTextClass } from './notice-content';

export interface AnnouncementEditorProps {
  value: string;
  onChange: (html: string) => void;
  label: string;
}

export function AnnouncementEditor({ value, onChange, label }: AnnouncementEditorProps) {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: false, underline: false })],
    content: value,
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        class: cn('min-h-40 p-3 text-sm focus:outline-none', richTextClass),
      },
    },
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      heading: e?.isActive('heading', { level: 2 }) ?? false,
      bullets: e?.isActive('bulletList') ?? false,
      numbers: e?.isActive('orderedList') ?? false,
      quote: e?.isActive('blockquote') ?? false,
    }),
  });
  const tools = [
    { key: 'bold', icon: Bold, label: 'rules_bold', run: () => editor?.chain().focus().toggleBold().run() },
    { key: 'italic', icon: Italic, label: 'rules_italic', run: () => editor?.chain().focus().toggleItalic().run() },
    { key: 'heading', icon: Heading2, label: 'rules_heading', run: () => editor?.chain().focus().toggleHeading({ level: 2 }).run() },
    { key: 'bullets', icon: List, label: 'rules_bullets', run: () => editor?.chain().focus().toggleBulletList().run() },
    { key: 'numbers', icon: ListOrdered, label: 'rules_numbers', run: () => editor?.chain().focus().toggleOrderedList().run() },
    { key: 'quote', icon: Quote, label: 'announcements_quote', run: () => editor?.chain().focus().toggleBlockquote().run() },
  ] as const;
  return (
    <div className="rounded-md border border-border">
      <div className="flex gap-1 border-b border-border p-1" role="toolbar" aria-label={t('rules_toolbar')}>
        {tools.map(({ key, icon: Icon, label: toolLabel, run }) => (
          <Button
            key={key}
            type="button"
            variant="ghost"
            size="icon"
            aria-label={t(toolLabel)}
            aria-pressed={active?.[key] ?? false}
            className={cn(active?.[key] && 'bg-muted')}
            // The editor keeps its focus and selection, so what is typed next takes the tool at once.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => run()}
          >
            <Icon className="h-4 w-4" />
          </Button>
        ))}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
