// The tools of the project with their colors and keys, the selection tool, and the view: fit, 1:1, zoom,
// brightness and contrast; undo and redo.
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { type EditorCommand, shortcutText } from '../hooks/editor-shortcuts';
import { PanopticControls } from '../panoptic/panoptic-controls';
import { useEditor, useEditorStore } from '../stores/editor-store';
import { useEditorSetup } from './editor-setup';

export function EditorToolbar({ run }: { run: (command: EditorCommand) => void }) {
  const { t } = useTranslation();
  const store = useEditorStore();
  const setup = useEditorSetup();
  const mode = useEditor((s) => s.mode);
  const toolId = useEditor((s) => s.toolId);
  const brightness = useEditor((s) => s.brightness);
  const contrast = useEditor((s) => s.contrast);
  const scale = useEditor((s) => s.view.scale);
  const canUndo = useEditor((s) => s.history.past.length > 0);
  const canRedo = useEditor((s) => s.history.future.length > 0);
  const button = (command: EditorCommand, label: string, disabled = false) => (
    <Button size="sm" variant="ghost" title={`${label} (${shortcutText(command)})`} aria-keyshortcuts={shortcutText(command)} disabled={disabled} onClick={() => run(command)}>
      {label}
    </Button>
  );
  return (
    <div className="flex flex-wrap items-center gap-1 border-b border-border bg-card px-2 py-1" role="toolbar" aria-label={t('editor_toolbar')}>
      <Button size="sm" variant={mode === 'select' ? 'secondary' : 'ghost'} title={`${t('editor_select')} (V)`} onClick={() => run('select_mode')}>
        {t('editor_select')}
      </Button>
      {setup.inspecting && (
        <Button size="sm" variant={mode === 'mark' ? 'secondary' : 'ghost'} title={`${t('editor_mark_mode')} (M)`} onClick={() => run('mark_mode')}>
          {t('editor_mark_mode')}
        </Button>
      )}
      {!setup.readOnly &&
        setup.tools.map((tool, index) => (
          <Button
            key={tool.toolId}
            size="sm"
            variant={mode === 'draw' && toolId === tool.toolId ? 'secondary' : 'ghost'}
            title={`${tool.definition.name} (Shift+${index + 1})`}
            aria-pressed={mode === 'draw' && toolId === tool.toolId}
            onClick={() => store.set({ mode: 'draw', toolId: tool.toolId, draft: null, selected: new Set() })}
          >
            <span className="inline-block h-3 w-3 rounded-sm" style={{ background: setup.colorOf(tool.toolId) }} aria-hidden />
            {tool.definition.name}
            <span className="text-[10px] text-muted-foreground">{t(`editor_template_${tool.definition.templateType}`)}</span>
          </Button>
        ))}
      <PanopticControls />
      <span className={cn('mx-1 h-5 w-px bg-border')} aria-hidden />
      {button('undo', t('editor_undo'), !canUndo)}
      {button('redo', t('editor_redo'), !canRedo)}
      <span className="mx-1 h-5 w-px bg-border" aria-hidden />
      {button('fit', t('editor_fit'))}
      {button('actual_size', '1:1')}
      <span className="w-12 text-center text-xs tabular-nums text-muted-foreground" aria-label={t('editor_zoom')}>
        {Math.round(scale * 100)}%
      </span>
      <label className="flex items-center gap-1 text-xs text-muted-foreground">
        {t('editor_brightness')}
        <input type="range" min={20} max={300} step={10} value={brightness} className="w-20" onChange={(e) => store.set({ brightness: Number(e.target.value) })} />
      </label>
      <label className="flex items-center gap-1 text-xs text-muted-foreground">
        {t('editor_contrast')}
        <input type="range" min={20} max={300} step={10} value={contrast} className="w-20" onChange={(e) => store.set({ contrast: Number(e.target.value) })} />
      </label>
      <span className="ml-auto" />
      {button('shortcuts', t('editor_shortcuts'))}
    </div>
  );
}
