// What both editors' bars begin with: selection, the inspector's marks and the project's tools with their colours
// and keys, then undo and redo; and the button of a command, titled with its shortcut.
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { type EditorCommand, shortcutText } from '../hooks/editor-shortcuts';
import { pickTool } from '../modes/tool-mode-actions';
import { useEditor, useEditorStore, useModes } from '../stores/editor-store';
import { useEditorSetup } from './editor-setup';

export function CommandButton({ run, command, label, disabled = false }: { run: (command: EditorCommand) => void; command: EditorCommand; label: string; disabled?: boolean }) {
  return (
    <Button size="sm" variant="ghost" title={`${label} (${shortcutText(command)})`} aria-keyshortcuts={shortcutText(command)} disabled={disabled} onClick={() => run(command)}>
      {label}
    </Button>
  );
}

export const ToolbarDivider = () => <span className="mx-1 h-5 w-px bg-border" aria-hidden />;

export function ModeButtons({ run }: { run: (command: EditorCommand) => void }) {
  const { t } = useTranslation();
  const store = useEditorStore();
  const setup = useEditorSetup();
  const selecting = useModes((s) => s.matches({ tool: 'select' }));
  const marking = useModes((s) => s.matches({ tool: 'mark' }));
  const toolId = useModes((s) => s.context.toolId);
  return (
    <>
      <Button size="sm" variant={selecting ? 'secondary' : 'ghost'} title={`${t('editor_select')} (V)`} onClick={() => run('select_mode')}>
        {t('editor_select')}
      </Button>
      {setup.inspecting && (
        <Button size="sm" variant={marking ? 'secondary' : 'ghost'} title={`${t('editor_mark_mode')} (M)`} onClick={() => run('mark_mode')}>
          {t('editor_mark_mode')}
        </Button>
      )}
      {!setup.readOnly &&
        setup.tools.map((tool, index) => (
          <Button
            key={tool.toolId}
            size="sm"
            variant={toolId === tool.toolId ? 'secondary' : 'ghost'}
            title={`${tool.definition.name} (Shift+${index + 1})`}
            aria-pressed={toolId === tool.toolId}
            onClick={() => pickTool(store, setup, tool)}
          >
            <span className="inline-block h-3 w-3 rounded-sm" style={{ background: setup.colorOf(tool.toolId) }} aria-hidden />
            {tool.definition.name}
            <span className="text-[10px] text-muted-foreground">{t(`editor_template_${tool.definition.templateType}`)}</span>
          </Button>
        ))}
    </>
  );
}

export function HistoryButtons({ run }: { run: (command: EditorCommand) => void }) {
  const { t } = useTranslation();
  const canUndo = useEditor((s) => s.history.past.length > 0);
  const canRedo = useEditor((s) => s.history.future.length > 0);
  return (
    <>
      <CommandButton run={run} command="undo" label={t('editor_undo')} disabled={!canUndo} />
      <CommandButton run={run} command="redo" label={t('editor_redo')} disabled={!canRedo} />
    </>
  );
}
