// A sequence's frames on the canvas: the frame on screen decoded from the frame cache (the last one stays up until
// the next is ready, or the newest one a held key has passed is), the frames after it decoded ahead, and playback at
// the sequence's rate.
import { useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { frameMedia, playbackRate, useItemFrames } from '../api/get-item-frames';
import { missingReason } from '../components/image-missing';
import { useEditor, useEditorStore } from '../stores/editor-store';
import { goToFrame } from '../stores/frame-actions';
import { createFrameCache } from './frame-cache';

export interface SequenceView {
  /** The bitmap to draw: the frame on screen, or the one before it while it decodes; null before the first. */
  image: ImageBitmap | null;
  /** The frame whose bitmap `image` is; null before the first. */
  shown: number | null;
  /** Frames per second of playback. */
  rate: number;
  /** Why the frame chosen could not be had, in the reader's words; null while it loads or once it is there. */
  failed: string | null;
}

export function useSequence(itemId: string, frameCount: number): SequenceView {
  const store = useEditorStore();
  const frames = useItemFrames(itemId, true);
  const frame = useEditor((s) => s.frame);
  const playing = useEditor((s) => s.playing);
  const [cache] = useState(() => createFrameCache({ frameCount, load: (index) => frameMedia(itemId, index) }));
  const { t } = useTranslation();
  const [failed, setFailed] = useState<{ frame: number; reason: string } | null>(null);
  const [, decoded] = useReducer((n: number) => n + 1, 0);
  const last = useRef<{ frame: number; image: ImageBitmap } | null>(null);
  const chosen = useRef(frame);
  chosen.current = frame;
  useEffect(() => () => cache.destroy(), [cache]);
  // A frame decoded between the one on the canvas and the one chosen (or the chosen one itself) moves the canvas on.
  useEffect(
    () =>
      cache.subscribe((index) => {
        const from = last.current?.frame ?? null;
        const to = chosen.current;
        if (index === to || (from !== null && (from < to ? index > from && index < to : index < from && index > to))) decoded();
      }),
    [cache],
  );

  useEffect(() => {
    cache.around(frame, last.current?.frame ?? null);
    let live = true;
    cache.get(frame).then(
      () => live && decoded(),
      (error: unknown) => live && setFailed({ frame, reason: missingReason(t, error) }),
    );
    return () => {
      live = false;
    };
  }, [cache, frame]);

  const ready = cache.peek(frame);
  const reached = cache.reached(last.current?.frame ?? null, frame);
  const reachedImage = reached === null ? null : cache.peek(reached);
  if (reached !== null && reachedImage) last.current = { frame: reached, image: reachedImage };
  const image = last.current?.image ?? null;
  useEffect(() => cache.showing(image), [cache, image]);

  const rate = playbackRate(frames.data);
  useEffect(() => {
    if (!playing) return;
    // A tick moves on only to a decoded frame: playback waits for a slow frame rather than show boxes on the wrong one.
    const timer = setInterval(() => {
      const current = store.getState().frame;
      if (current >= frameCount - 1) return store.set({ playing: false });
      if (cache.peek(current + 1)) goToFrame(store, current + 1);
    }, 1000 / rate);
    return () => clearInterval(timer);
  }, [cache, store, playing, rate, frameCount]);

  return { image, shown: last.current?.frame ?? null, rate, failed: failed?.frame === frame && !ready ? failed.reason : null };
}
