// The point-cloud editor's bar: selection, the inspector's marks and the project's tools; undo and redo; fitting the
// selected cuboid to its points and auto-tracking it; and how the points are drawn (colour, size, reflectance range,
// the overlay of earlier frames).
import { useTranslation } from 'react-i18next';
import type { PointCloud } from '@annot/workflows';
import { Button } from '@/components/ui/button';
import { useEditorSetup } from '@/features/editor/components/editor-setup';
import { CommandButton, HistoryButtons, ModeButtons, ToolbarDivider } from '@/features/editor/components/editor-toolbar-parts';
import { type EditorCommand, shortcutText } from '@/features/editor/hooks/editor-shortcuts';
import { useEditor } from '@/features/editor/stores/editor-store';
import { colorModes, type PointStyle } from '../scene/point-material';

export interface CloudToolbarProps {
  run: (command: EditorCommand) => void;
  style: PointStyle;
  onStyle: (style: PointStyle) => void;
  cloud: PointCloud | null;
  /** `unaligned`: some overlaid frame (or the frame on screen) has no ego pose, so it is drawn where the sensor saw it. */
  overlay: { frames: number; on: boolean; unaligned: boolean; onToggle: () => void };
  autoTrack: { frames: number; busy: boolean; enabled: boolean };
}

export function CloudToolbar({ run, style, onStyle, cloud, overlay, autoTrack }: CloudToolbarProps) {
  const { t } = useTranslation();
  const setup = useEditorSetup();
  const hasSelection = useEditor((s) => s.selected.size === 1);
  const available = (mode: PointStyle['mode']) => (mode === 'intensity' ? cloud?.intensity !== null : mode === 'rgb' ? cloud?.colors !== null : true);
  return (
    <div className="flex flex-wrap items-center gap-1 border-b border-border bg-card px-2 py-1" role="toolbar" aria-label={t('editor_toolbar')}>
      <ModeButtons run={run} />
      <ToolbarDivider />
      <HistoryButtons run={run} />
      <ToolbarDivider />
      <CommandButton run={run} command="fit" label={t('cloud_fit')} disabled={setup.readOnly || !hasSelection} />
      <Button size="sm" variant="ghost" disabled={!autoTrack.enabled || autoTrack.busy} title={`${t('cloud_auto_track', { count: autoTrack.frames })} (${shortcutText('auto_track')})`} onClick={() => run('auto_track')}>
        {t('cloud_auto_track', { count: autoTrack.frames })}
      </Button>
      <ToolbarDivider />
      <label className="flex items-center gap-1 text-xs text-muted-foreground">
        {t('cloud_color_mode')}
        <select className="rounded border border-border bg-background px-1 text-xs" value={style.mode} onChange={(e) => onStyle({ ...style, mode: e.target.value as PointStyle['mode'] })}>
          {colorModes.map((m) => (
            <option key={m} value={m} disabled={!available(m)}>
              {t(`cloud_color_${m}`)}
            </option>
          ))}
        </select>
      </label>
      {style.mode === 'intensity' && (
        <span className="flex items-center gap-1 text-xs text-muted-foreground">
          {t('cloud_intensity_range')}
          <input type="range" min={0} max={1} step={0.01} className="w-16" aria-label={t('cloud_intensity_min')} value={style.intensityRange[0]} onChange={(e) => onStyle({ ...style, intensityRange: [Math.min(Number(e.target.value), style.intensityRange[1]), style.intensityRange[1]] })} />
          <input type="range" min={0} max={1} step={0.01} className="w-16" aria-label={t('cloud_intensity_max')} value={style.intensityRange[1]} onChange={(e) => onStyle({ ...style, intensityRange: [style.intensityRange[0], Math.max(Number(e.target.value), style.intensityRange[0])] })} />
        </span>
      )}
      <label className="flex items-center gap-1 text-xs text-muted-foreground">
        {t('cloud_point_size')}
        <input type="range" min={1} max={8} step={0.5} className="w-16" value={style.size} onChange={(e) => onStyle({ ...style, size: Number(e.target.value) })} />
      </label>
      {overlay.frames > 0 && (
        <Button size="sm" variant={overlay.on ? 'secondary' : 'ghost'} aria-pressed={overlay.on} onClick={overlay.onToggle}>
          {t('cloud_overlay', { count: overlay.frames })}
        </Button>
      )}
      {overlay.on && overlay.unaligned && (
        <span role="status" className="rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900" title={t('cloud_overlay_unaligned_hint')}>
          {t('cloud_overlay_unaligned')}
        </span>
      )}
      <span className="ms-auto" />
      <CommandButton run={run} command="shortcuts" label={t('editor_shortcuts')} />
    </div>
  );
}
