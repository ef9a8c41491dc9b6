// The panoptic tools in the toolbar, while a mask tool is in hand: brush, eraser and polygon fill, the brush's
// size, fill the rest with the class in hand, and a new instance of a countable class.
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { imageOfFrame, useEditorSetup } from '../components/editor-setup';
import { useEditor, useEditorStore, useModes } from '../stores/editor-store';
import { fillTheRest, maskToolInHand, newInstance } from './panoptic-actions';
import { brushSizes, type PaintTool, panopticStoreOf, usePanoptic } from './panoptic-store';
import { formatDigits } from '@/lib/numbers';

const paintTools: PaintTool[] = ['brush', 'eraser', 'polygon'];

export function PanopticControls() {
  const { t } = useTranslation();
  const editor = useEditorStore();
  const setup = useEditorSetup();
  const panoptic = panopticStoreOf(editor);
  const tool = useModes(() => maskToolInHand(editor, setup));
  const paint = usePanoptic(panoptic, (s) => s.paint);
  const size = usePanoptic(panoptic, (s) => s.size);
  const image = useEditor((s) => imageOfFrame(setup, s.frame));
  if (!tool) return null;
  return (
    <div className="flex items-center gap-1" role="group" aria-label={t('panoptic_tools')}>
      <span className="mx-1 h-5 w-px bg-border" aria-hidden />
      {paintTools.map((each) => (
        <Button key={each} size="sm" variant={paint === each ? 'secondary' : 'ghost'} aria-pressed={paint === each} onClick={() => panoptic.set({ paint: each, outline: [] })}>
          {t(`panoptic_${each}`)}
        </Button>
      ))}
      <label className="flex items-center gap-1 text-xs text-muted-foreground">
        {t('panoptic_brush_size')}
        <input
          type="range"
          min={brushSizes.min}
          max={brushSizes.max}
          value={size}
          className="w-24"
          aria-valuetext={`${formatDigits(size)} px`}
          onChange={(e) => panoptic.set({ size: Number(e.target.value) })}
        />
        <span className="w-10 tabular-nums">{formatDigits(size)}</span>
      </label>
      <Button size="sm" variant="ghost" disabled={!image} onClick={() => image && fillTheRest(editor, setup, image)}>
        {t('panoptic_fill_rest', { name: tool.definition.name })}
      </Button>
      {tool.definition.countable && (
        <Button size="sm" variant="ghost" onClick={() => newInstance(editor)}>
          {t('panoptic_new_instance')}
        </Button>
      )}
    </div>
  );
}
