// The item's bar: its name and state, what is unsaved, previous and next among my items, the rule, and the
// commands the machine allows, each with its key.
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { type Autosave, AutosaveStatusLine } from '../autosave';
import { type EditorCommand, shortcutText } from '../hooks/editor-shortcuts';
import type { EditorItem, EditorRequest } from './editor-types';
import { DirectionArrow } from '@/components/direction-arrow';

export interface EditorHeaderProps {
  item: EditorItem;
  verbs: string[];
  pending: boolean;
  /** Null where this reader does not save. */
  autosave: Autosave | null;
  pendingMarks: number;
  neighbours: { previous: string | null; next: string | null };
  /** A command's name on its button. */
  labelOf: (verb: EditorRequest['verb']) => string;
  /** The quality gate the item is judged for, when it is. */
  caption: string | null;
  run: (command: EditorCommand) => void;
  onBack: () => void;
}

export function EditorHeader({ item, verbs, pending, autosave, pendingMarks, neighbours, labelOf, caption, run, onBack }: EditorHeaderProps) {
  const { t } = useTranslation();
  const action = (command: EditorCommand, verb: EditorRequest['verb'], variant: 'default' | 'outline' | 'destructive' = 'outline', disabled = false) =>
    verbs.includes(verb) && (
      <Button size="sm" variant={variant} disabled={pending || disabled} title={shortcutText(command)} aria-keyshortcuts={shortcutText(command)} onClick={() => run(command)}>
        {labelOf(verb)}
      </Button>
    );
  return (
    <header className="flex flex-wrap items-center gap-2 border-b border-border bg-card px-3 py-2">
      <Button size="sm" variant="ghost" onClick={onBack}>
        <DirectionArrow to="back" /> {t('items_back')}
      </Button>
      <h1 className="truncate text-sm font-semibold">{item.fileName}</h1>
      {/* A gate's judge reads where the item stands in the gate; a client acceptor is not told where it is in the work loop. */}
      {caption ? <Badge>{caption}</Badge> : <Badge variant="outline">{t(`item_status_${item.status}`)}</Badge>}
      {item.rework && <Badge variant="warning">{t('editor_rework')}</Badge>}
      {autosave && <AutosaveStatusLine autosave={autosave} />}
      <span className="ms-auto flex flex-wrap items-center gap-1">
        <Button size="sm" variant="ghost" disabled={!neighbours.previous || pending} title={shortcutText('previous_item')} onClick={() => run('previous_item')}>
          ‹ {t('editor_previous')}
        </Button>
        <Button size="sm" variant="ghost" disabled={!neighbours.next || pending} title={shortcutText('next_item')} onClick={() => run('next_item')}>
          {t('editor_next')} ›
        </Button>
        <Button size="sm" variant="ghost" title={shortcutText('rule')} onClick={() => run('rule')}>
          {t('items_rule_title')}
        </Button>
        {autosave && (
          <Button size="sm" variant="outline" disabled={pending} title={shortcutText('save')} onClick={() => run('save')}>
            {t('editor_save')}
          </Button>
        )}
        {action('mark_invalid', 'mark_invalid')}
        {action('release', 'release')}
        {verbs.includes('reject') && pendingMarks === 0 && <span className="text-xs text-muted-foreground">{t('editor_reject_needs_mark')}</span>}
        {action('reject', 'reject', 'destructive', pendingMarks === 0)}
        {action('pass', 'pass', 'default')}
        {action('submit', 'submit', 'default')}
      </span>
    </header>
  );
}
