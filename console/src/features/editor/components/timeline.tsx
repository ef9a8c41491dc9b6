// The timeline under the canvas of a sequence: moving through frames and keyframes, playback, the changes made to
// the selected tracks at the frame on screen, and a row per track with its keyframes and the spans it is out of view.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keyframeAt } from '@annot/workflows';
import { Button } from '@/components/ui/button';
import { type EditorCommand, shortcutText } from '../hooks/editor-shortcuts';
import { useEditor, useEditorStore } from '../stores/editor-store';
import { goToFrame, propagateSelection } from '../stores/frame-actions';
import { useEditorSetup } from './editor-setup';
import { FrameRuler, TrackBar } from './track-bar';
import { selectPicked } from '../modes/tool-mode-actions';

export interface TimelineProps {
  run: (command: EditorCommand) => void;
  /** Frames per second of playback, shown beside the frame number. */
  rate: number;
  objectLabel: (id: string) => string;
}

export function Timeline({ run, rate, objectLabel }: TimelineProps) {
  const { t } = useTranslation();
  const store = useEditorStore();
  const setup = useEditorSetup();
  const frame = useEditor((s) => s.frame);
  const playing = useEditor((s) => s.playing);
  const frameCount = useEditor((s) => s.history.present.frameCount);
  const objects = useEditor((s) => s.history.present.objects);
  const selected = useEditor((s) => s.selected);
  const [count, setCount] = useState(5);
  const [first] = selected;
  const selectedObject = selected.size === 1 ? objects.find((o) => o.id === first) : undefined;
  const keyframe = selectedObject ? keyframeAt(selectedObject, frame) : undefined;
  const editable = !setup.readOnly && selected.size > 0;

  const pick = useCallback(
    (id: string, to: number) => {
      selectPicked(store, new Set([id]));
      goToFrame(store, to);
    },
    [store],
  );
  const button = (command: EditorCommand, label: string, disabled = false) => (
    <Button size="sm" variant="ghost" title={`${label} (${shortcutText(command)})`} aria-keyshortcuts={shortcutText(command)} disabled={disabled} onClick={() => run(command)}>
      {label}
    </Button>
  );

  return (
    <section className="grid max-h-56 shrink-0 grid-rows-[auto_auto_1fr] border-t border-border bg-card" aria-label={t('editor_timeline')}>
      <div className="flex flex-wrap items-center gap-1 px-2 py-1" role="toolbar" aria-label={t('editor_timeline_controls')}>
        {button('previous_keyframe', t('editor_cmd_previous_keyframe'))}
        {button('previous_frame', t('editor_cmd_previous_frame'))}
        <Button size="sm" variant="secondary" aria-pressed={playing} title={`${t(playing ? 'editor_pause' : 'editor_play')} (${shortcutText('play')})`} onClick={() => run('play')}>
          {t(playing ? 'editor_pause' : 'editor_play')}
        </Button>
        {button('next_frame', t('editor_cmd_next_frame'))}
        {button('next_keyframe', t('editor_cmd_next_keyframe'))}
        <label className="flex items-center gap-1 text-xs text-muted-foreground">
          {t('editor_frame')}
          <input
            type="number"
            min={0}
            max={frameCount - 1}
            value={frame}
            aria-label={t('editor_frame')}
            className="w-16 rounded border border-border bg-background px-1 tabular-nums"
            onChange={(e) => goToFrame(store, Number(e.target.value))}
          />
          <span className="tabular-nums" data-testid="frame-position">
            {t('editor_frame_of', { frame, last: frameCount - 1 })}
          </span>
          <span className="tabular-nums">· {t('editor_frame_rate', { rate: Math.round(rate * 100) / 100 })}</span>
        </label>
        <span className="mx-1 h-5 w-px bg-border" aria-hidden />
        {selectedObject && (
          <span className="text-xs text-muted-foreground" data-testid="keyframe-state">
            {keyframe ? t(keyframe.outside ? 'editor_frame_outside' : 'editor_frame_keyframe', { source: t(`editor_source_${keyframe.source}`) }) : t('editor_frame_interpolated')}
          </span>
        )}
        {button('accept_keyframe', t('editor_cmd_accept_keyframe'), !editable || Boolean(keyframe))}
        <span className="flex items-center gap-1">
          <Button size="sm" variant="ghost" disabled={!editable} onClick={() => propagateSelection(store, setup, count)}>
            {t('editor_propagate')}
          </Button>
          <input
            type="number"
            min={1}
            max={frameCount}
            value={count}
            aria-label={t('editor_propagate_count')}
            className="w-14 rounded border border-border bg-background px-1 text-xs tabular-nums"
            onChange={(e) => setCount(Math.max(1, Math.floor(Number(e.target.value) || 1)))}
          />
        </span>
        {button('outside', t('editor_cmd_outside'), !editable)}
        {button('delete_track', t('editor_cmd_delete_track'), !editable)}
      </div>
      <div className="ps-40 pe-2">
        <FrameRuler frameCount={frameCount} frame={frame} onPick={(to) => goToFrame(store, to)} />
      </div>
      <div className="relative overflow-y-auto px-2 pb-1" role="grid" aria-label={t('editor_tracks')}>
        {objects.map((object) => (
          <div key={object.id} className="flex items-center gap-2 py-0.5">
            <span className="w-36 shrink-0 truncate text-xs">{objectLabel(object.id)}</span>
            <div className="relative flex-1">
              <TrackBar object={object} frameCount={frameCount} color={setup.colorOf(object.toolId)} selected={selected.has(object.id)} label={objectLabel(object.id)} onPick={pick} />
            </div>
          </div>
        ))}
        {objects.length === 0 && <p className="py-1 text-xs text-muted-foreground">{t('editor_no_tracks')}</p>}
      </div>
    </section>
  );
}
