// The image and every visible object of the frame, in drawing order, on one layer that does not listen: the pointer
// is hit-tested in image pixels instead, so Konva keeps no hit canvas for thousands of shapes.
import type Konva from 'konva';
import { Brightness } from 'konva/lib/filters/Brightness';
import { Contrast } from 'konva/lib/filters/Contrast';
import { memo, useEffect, useLayoutEffect, useRef } from 'react';
import { Group, Image as KonvaImage, Layer } from 'react-konva';
import { useEditor, useEditorStore } from '../stores/editor-store';
import { useEditorSetup } from './editor-setup';
import { objectsGroupName } from './objects-snapshot';
import { createObjectsSync, type ObjectsSync } from './objects-sync';

// Memoized: panning re-renders the stage, and the objects have not changed.
export const ObjectsLayer = memo(function ObjectsLayer({ image, flagged }: { image: ImageBitmap; flagged: ReadonlySet<string> }) {
  const store = useEditorStore();
  const setup = useEditorSetup();
  const group = useRef<Konva.Group>(null);
  const nodes = useRef<ObjectsSync | null>(null);
  useLayoutEffect(() => {
    nodes.current = group.current && createObjectsSync(group.current);
    return () => {
      nodes.current?.destroy();
      nodes.current = null;
    };
  }, []);
  // The nodes follow the store outside React's renders: a change to one object touches one node, not a thousand components.
  useLayoutEffect(() => {
    const draw = () => {
      const state = store.getState();
      const view = { objects: state.history.present.objects, frame: state.frame, selected: state.selected, hidden: state.hidden, flagged, unit: 1 / state.view.scale, colorOf: setup.colorOf };
      if (nodes.current?.sync(view)) group.current?.getLayer()?.batchDraw();
    };
    draw();
    return store.subscribe(draw);
  }, [store, setup, flagged]);
  return (
    <Layer listening={false}>
      <ItemImage image={image} />
      <Group ref={group} name={objectsGroupName} listening={false} />
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
