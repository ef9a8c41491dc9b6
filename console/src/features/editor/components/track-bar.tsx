// One track across the sequence: where it is out of view, and a mark on each keyframe (larger on the selected track),
// with the frame on screen as a line. A click picks the track and the frame under the pointer. Time runs the way the
// reader's language does, from the right in Arabic: positions are inline starts, never lefts.
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { outsideSpans, type ResultObject } from '@annot/workflows';
import { cn } from '@/lib/utils';
import { formatDigits } from '@/lib/numbers';

const at = (frame: number, frameCount: number) => `${((frame + 0.5) / frameCount) * 100}%`;

/** The frame under a pointer on a bar spanning the whole sequence, counted from the side its time starts. */
export function frameAtPointer(event: React.MouseEvent<HTMLElement>, frameCount: number): number {
  const rect = event.currentTarget.getBoundingClientRect();
  const along = event.currentTarget.closest('[dir]')?.getAttribute('dir') === 'rtl' ? rect.right - event.clientX : event.clientX - rect.left;
  return Math.max(0, Math.min(frameCount - 1, Math.floor((along / rect.width) * frameCount)));
}

// A mark centred on its frame: half its width back towards the start, whichever side that is.
const centred = '-translate-x-1/2 rtl:translate-x-1/2';

export interface TrackBarProps {
  object: ResultObject;
  frameCount: number;
  color: string;
  selected: boolean;
  label: string;
  onPick: (id: string, frame: number) => void;
}

export const TrackBar = memo(function TrackBar({ object, frameCount, color, selected, label, onPick }: TrackBarProps) {
  const { t } = useTranslation();
  const spans = outsideSpans(object, frameCount);
  return (
    <div
      role="row"
      aria-label={label}
      aria-selected={selected}
      className={cn('relative h-4 cursor-pointer rounded-sm', selected ? 'bg-primary/15' : 'bg-muted/40')}
      onMouseDown={(e) => onPick(object.id, frameAtPointer(e, frameCount))}
    >
      <div className="absolute inset-x-0 inset-y-1 rounded-sm opacity-40" style={{ background: color }} aria-hidden />
      {spans.map(([from, to]) => (
        <div
          key={from}
          data-outside={`${from}-${to}`}
          className="absolute inset-y-0 bg-[repeating-linear-gradient(45deg,transparent_0_3px,rgba(0,0,0,0.35)_3px_6px)] bg-neutral-700/70"
          style={{ insetInlineStart: `${(from / frameCount) * 100}%`, width: `${((to - from + 1) / frameCount) * 100}%` }}
          title={`${formatDigits(from)}–${formatDigits(to)}`}
        />
      ))}
      {object.keyframes.map((k) => (
        <span
          key={k.frame}
          data-keyframe={k.frame}
          title={`${formatDigits(k.frame)} · ${t(k.outside ? 'editor_frame_outside' : 'editor_frame_keyframe', { source: t(`editor_source_${k.source}`) })}`}
          className={cn('absolute top-1/2 -translate-y-1/2 rotate-45 border border-white', centred, selected ? 'h-2.5 w-2.5' : 'h-1.5 w-1.5 opacity-70', k.outside && 'bg-neutral-900')}
          style={{ insetInlineStart: at(k.frame, frameCount), background: k.outside ? undefined : color }}
        />
      ))}
    </div>
  );
});

/** The frame numbers along the top, about ten of them whatever the length; a click goes to the frame. */
export function FrameRuler({ frameCount, frame, onPick }: { frameCount: number; frame: number; onPick: (frame: number) => void }) {
  const step = Math.max(1, Math.ceil(frameCount / 10 / 5) * 5);
  const ticks = Array.from({ length: Math.ceil(frameCount / step) }, (_, i) => i * step);
  return (
    <div className="relative h-5 cursor-pointer border-b border-border text-[10px] tabular-nums text-muted-foreground" onMouseDown={(e) => onPick(frameAtPointer(e, frameCount))}>
      {ticks.map((tick) => (
        <span key={tick} className={cn('absolute top-0', centred)} style={{ insetInlineStart: at(tick, frameCount) }}>
          {formatDigits(tick)}
        </span>
      ))}
      <span className={cn('absolute bottom-0 h-2 w-0.5 bg-primary', centred)} style={{ insetInlineStart: at(frame, frameCount) }} aria-hidden />
    </div>
  );
}
