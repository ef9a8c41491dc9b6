// The sheet of every key the editor answers to, opened with "?"; read from the same table the keyboard uses.
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { type EditorCommand, type ShortcutScope, shortcutsOf, shortcutText } from '../hooks/editor-shortcuts';

export function ShortcutSheet({ onClose, scope = 'image' }: { onClose: () => void; scope?: ShortcutScope }) {
  const { t } = useTranslation();
  const commands = [...new Set(shortcutsOf(scope).map((s) => s.command))] as EditorCommand[];
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[85vh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t('editor_shortcuts')}</DialogTitle>
          <DialogDescription>{t('editor_shortcuts_hint')}</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
          <dt>
            <kbd>Shift+1…9</kbd>
          </dt>
          <dd>{t('editor_key_tools')}</dd>
          <dt>
            <kbd>{t('editor_key_option_keys')}</kbd>
          </dt>
          <dd>{t('editor_key_options')}</dd>
          <dt>
            <kbd>Space / {t('editor_key_middle_button')}</kbd>
          </dt>
          <dd>{t('editor_key_pan')}</dd>
          <dt>
            <kbd>Alt+{t('editor_key_click')}</kbd>
          </dt>
          <dd>{t('editor_key_delete_vertex')}</dd>
          {commands.map((command) => (
            <div key={command} className="contents">
              <dt>
                <kbd className="rounded border border-border px-1 text-xs">{shortcutText(command)}</kbd>
              </dt>
              <dd>{t(`editor_cmd_${command}`)}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
