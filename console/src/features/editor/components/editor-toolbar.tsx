// The tools of the project with their colors and keys, the selection tool, and the view: fit, 1:1, zoom,
// brightness and contrast; undo and redo.
import { useTranslation } from 'react-i18next';
import type { EditorCommand } from '../hooks/editor-shortcuts';
import { PanopticControls } from '../panoptic/panoptic-controls';
import { useEditor, useEditorStore } from '../stores/editor-store';
import { CommandButton, HistoryButtons, ModeButtons, ToolbarDivider } from './editor-toolbar-parts';
import { formatPercent } from '@/lib/numbers';

export function EditorToolbar({ run }: { run: (command: EditorCommand) => void }) {
  const { t } = useTranslation();
  const store = useEditorStore();
  const brightness = useEditor((s) => s.brightness);
  const contrast = useEditor((s) => s.contrast);
  const scale = useEditor((s) => s.view.scale);
  return (
    <div className="flex flex-wrap items-center gap-1 border-b border-border bg-card px-2 py-1" role="toolbar" aria-label={t('editor_toolbar')}>
      <ModeButtons run={run} />
      <PanopticControls />
      <ToolbarDivider />
      <HistoryButtons run={run} />
      <ToolbarDivider />
      <CommandButton run={run} command="fit" label={t('editor_fit')} />
      <CommandButton run={run} command="actual_size" label="1:1" />
      <span className="w-12 text-center text-xs tabular-nums text-muted-foreground" aria-label={t('editor_zoom')}>
        {formatPercent(scale, 0)}
      </span>
      <label className="flex items-center gap-1 text-xs text-muted-foreground">
        {t('editor_brightness')}
        <input type="range" min={20} max={300} step={10} value={brightness} className="w-20" onChange={(e) => store.set({ brightness: Number(e.target.value) })} />
      </label>
      <label className="flex items-center gap-1 text-xs text-muted-foreground">
        {t('editor_contrast')}
        <input type="range" min={20} max={300} step={10} value={contrast} className="w-20" onChange={(e) => store.set({ contrast: Number(e.target.value) })} />
      </label>
      <span className="ms-auto" />
      <CommandButton run={run} command="shortcuts" label={t('editor_shortcuts')} />
    </div>
  );
}
