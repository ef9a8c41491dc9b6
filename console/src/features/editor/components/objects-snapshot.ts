// While the hand pans, the objects are drawn from one bitmap of themselves: the view only moves, and stroking
// thousands of shapes again every frame takes a software canvas most of a frame.
import type { Group } from 'konva/lib/Group';
import type { Stage } from 'konva/lib/Stage';

/** The name of the objects layer's group of shape nodes. */
export const objectsGroupName = 'objects';

/** Beyond this many pixels the objects stay vector: so large a bitmap would cost more than the frames save. */
const maxPixels = 4096 * 4096;

/** Draws the objects from a bitmap at the stage's present zoom until the returned function puts the shapes back. */
export function snapshotObjects(stage: Stage): () => void {
  const objects = stage.findOne<Group>(`.${objectsGroupName}`);
  if (!objects || objects.getChildren().length === 0) return () => {};
  // At the zoom and density of the screen, so the bitmap is as sharp as the shapes.
  const pixelRatio = stage.scaleX() * (window.devicePixelRatio || 1);
  const rect = objects.getClientRect({ skipTransform: true });
  if (rect.width * rect.height * pixelRatio * pixelRatio > maxPixels) return () => {};
  objects.cache({ pixelRatio, offset: 1 });
  return () => {
    objects.clearCache();
    objects.getLayer()?.batchDraw();
  };
}
