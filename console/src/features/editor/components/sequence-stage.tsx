// The canvas of a sequence: the frame on screen from the frame cache, and the timeline under it. Only items of more
// than one frame render it, so a single picture reads no frames list.
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import type { EditorCommand } from '../hooks/editor-shortcuts';
import { useSequence } from '../hooks/use-sequence';
import { useEditor } from '../stores/editor-store';
import { ImageMissing } from './image-missing';
import { Timeline } from './timeline';

export interface SequenceStageProps {
  itemId: string;
  frameCount: number;
  /** The box the canvas fills, which zooming from the keys measures. */
  canvasBox: RefObject<HTMLDivElement | null>;
  run: (command: EditorCommand) => void;
  objectLabel: (id: string) => string;
  children: (image: ImageBitmap) => ReactNode;
}

export function SequenceStage({ itemId, frameCount, canvasBox, run, objectLabel, children }: SequenceStageProps) {
  const { t } = useTranslation();
  const sequence = useSequence(itemId, frameCount);
  const frame = useEditor((s) => s.frame);
  return (
    <div className="flex min-w-0 flex-1 flex-col">
      {/* data-frame: the frame whose image is on the canvas, which may lag the frame chosen while it decodes. */}
      <div ref={canvasBox} dir="ltr" className="relative min-h-0 flex-1" data-frame={sequence.shown ?? undefined}>
        {sequence.image ? children(sequence.image) : sequence.failed ? <ImageMissing reason={sequence.failed} /> : <Skeleton className="h-full w-full" />}
        {sequence.shown !== null && sequence.shown !== frame && (
          <p role="status" data-testid="frame-on-screen" className="absolute right-2 top-2 rounded bg-background/90 px-2 py-1 text-xs tabular-nums text-foreground shadow">
            {t('editor_frame_on_screen', { shown: sequence.shown, frame })}
          </p>
        )}
        {sequence.failed && sequence.image && (
          <p role="alert" className="absolute left-2 top-2 max-w-[60%] rounded bg-destructive px-2 py-1 text-xs text-destructive-foreground">
            {t('editor_frame_missing', { reason: sequence.failed })}
          </p>
        )}
      </div>
      <Timeline run={run} rate={sequence.rate} objectLabel={objectLabel} />
    </div>
  );
}
