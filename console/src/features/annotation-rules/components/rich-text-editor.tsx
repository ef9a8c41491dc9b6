// A small rich text editor: bold, italic, headings and lists on a content-editable area; the server sanitizes.
import { Bold, Heading2, Italic, List, ListOrdered } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

const commands = [
  { icon: Bold, command: 'bold', label: 'rules_bold' },
  { icon: Italic, command: 'italic', label: 'rules_italic' },
  { icon: Heading2, command: 'formatBlock', value: 'h2', label: 'rules_heading' },
  { icon: List, command: 'insertUnorderedList', label: 'rules_bullets' },
  { icon: ListOrdered, command: 'insertOrderedList', label: 'rules_numbers' },
] as const;

export function RichTextEditor({ onChange }: { onChange: (html: string) => void }) {
  const { t } = useTranslation();
  const area = useRef<HTMLDivElement>(null);
  return (
    <div className="rounded-md border border-border">
      <div className="flex gap-1 border-b border-border p-1" role="toolbar" aria-label={t('rules_toolbar')}>
        {commands.map(({ icon: Icon, command, label, ...rest }) => (
          <Button
            key={label}
            type="button"
            variant="ghost"
            size="icon"
            aria-label={t(label)}
            onMouseDown={(event) => {
              event.preventDefault();
              // execCommand is old but still the one editing API every browser ships without a library.
              document.execCommand(command, false, 'value' in rest ? rest.value : undefined);
              onChange(area.current?.innerHTML ?? '');
            }}
          >
            <Icon className="h-4 w-4" />
          </Button>
        ))}
      </div>
      <div
        ref={area}
        role="textbox"
        aria-multiline="true"
        aria-label={t('rules_content')}
        contentEditable
        suppressContentEditableWarning
        className="min-h-40 p-3 text-sm focus:outline-none [&_h2]:text-lg [&_h2]:font-semibold [&_ol]:list-decimal [&_ol]:ps-5 [&_ul]:list-disc [&_ul]:ps-5"
        onInput={() => onChange(area.current?.innerHTML ?? '')}
      />
    </div>
  );
}
