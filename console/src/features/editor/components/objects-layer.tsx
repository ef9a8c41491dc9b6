// The image and every visible object of the frame, in drawing order, on one layer that does not listen: the pointer
// is hit-tested in image pixels instead, so Konva keeps no hit canvas for thousands of shapes.
import type Konva from 'konva';
import { Brightness } from 'konva/lib/filters/Brightness';
import { Contrast } from 'konva/lib/filters/Contrast';
import { memo, useEffect, useRef } from 'react';
import { Image as KonvaImage, Layer } from 'react-konva';
import { keyframeShape } from '@annot/workflows';
import { useEditor } from '../stores/editor-store';
import { useEditorSetup } from './editor-setup';
import { ShapeNode } from './shape-node';

// Memoized: panning re-renders the stage, and the objects have not changed.
export const ObjectsLayer = memo(function ObjectsLayer({ image, flagged }: { image: ImageBitmap; flagged: ReadonlySet<string> }) {
  const setup = useEditorSetup();
  const objects = useEditor((s) => s.history.present.objects);
  const selected = useEditor((s) => s.selected);
  const hidden = useEditor((s) => s.hidden);
  const unit = useEditor((s) => 1 / s.view.scale);
  return (
    <Layer listening={false}>
      <ItemImage image={image} />
      {objects.map((object) => {
        const shape = keyframeShape(object);
        if (!shape || hidden.has(object.id)) return null;
        return (
          <ShapeNode
            key={object.id}
            shape={shape}
            color={setup.colorOf(object.toolId)}
            selected={selected.has(object.id)}
            flagged={flagged.has(object.id)}
            unit={unit}
          />
        );
      })}
    </Layer>
  );
});

/**
 * Brightness and contrast as Konva filters on the image alone, cached once per change; a neutral image keeps no
 * cache, so a pan draws it straight from the bitmap.
 */
function ItemImage({ image }: { image: ImageBitmap }) {
  const node = useRef<Konva.Image>(null);
  const brightness = useEditor((s) => s.brightness);
  const contrast = useEditor((s) => s.contrast);
  const smooth = useEditor((s) => s.view.scale < 2);
  useEffect(() => {
    const current = node.current;
    if (!current) return;
    if (brightness === 100 && contrast === 100) {
      current.filters([]);
      current.clearCache();
    } else {
      current.cache();
      current.filters([Brightness, Contrast]);
      // A CSS-like multiplier, as the slider reads: 100 percent leaves the pixels as they are.
      current.brightness(brightness / 100);
      current.contrast(Math.min(100, contrast - 100));
    }
    current.getLayer()?.batchDraw();
  }, [brightness, contrast, image]);
  return <KonvaImage ref={node} image={image} perfectDrawEnabled={false} imageSmoothingEnabled={smooth} />;
}
