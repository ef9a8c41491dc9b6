// The project's annotation rule beside the canvas, one key away, so the tagger checks it without leaving the item.
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

export interface EditorRule {
  name: string | null;
  html: string | null;
}

export function RuleSheet({ rule, onClose }: { rule: EditorRule | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <aside className="absolute inset-y-0 end-0 z-40 flex w-[28rem] max-w-full flex-col border-s border-border bg-card shadow-xl" aria-label={t('items_rule_title')}>
      <div className="flex items-center justify-between border-b border-border px-4 py-2">
        <h2 className="font-semibold">
          {t('items_rule_title')}
          {rule?.name ? `: ${rule.name}` : ''}
        </h2>
        <Button size="sm" variant="ghost" onClick={onClose}>
          {t('editor_close')}
        </Button>
      </div>
      <div className="overflow-y-auto p-4 text-sm">
        {/* Rule HTML is sanitized by the server before it is stored. */}
        {rule?.html ? (
          <div className="[&_h2]:text-lg [&_h2]:font-semibold [&_ol]:list-decimal [&_ol]:ps-5 [&_ul]:list-disc [&_ul]:ps-5" dangerouslySetInnerHTML={{ __html: rule.html }} />
        ) : (
          <p className="text-muted-foreground">{t('editor_rule_none')}</p>
        )}
      </div>
    </aside>
  );
}
