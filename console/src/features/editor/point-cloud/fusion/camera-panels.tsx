// The camera panels of a fusion item: a strip with every camera's image at the current frame, the frame's cuboids
// projected into each (lens distortion applied, edges clipped behind the camera) in their tracks' colours, the
// selected one highlighted, and the tracks' drawn 2D boxes. A click enlarges a panel; there the person draws or
// adjusts the selected track's 2D box for that camera, fits it to the cuboid's projection, or removes it.
//
// Props:
// - itemId, frame: the item and the frame shown; images come from
//   GET /manage/items/:itemId/frames/:frame/cameras/:camera/media with the session token.
// - cameras: the item's rig (ItemFramesView.sensors.cameras); a camera's `images[frame]` is '' where it has none.
// - objects: the tracks at this frame: { id, color, cuboid (interpolated by the parent, null where none),
//   cameraBoxes (by camera name, interpolated by the parent) }.
// - selectedId: the selected track, highlighted and the one whose 2D box is drawn; null for none.
// - editable: false shows the panels without drawing (an inspector's or acceptor's view).
// - onSelect(id): a track was clicked in an enlarged panel.
// - onCameraBox(objectId, camera, box | null): the track's 2D box on that camera was drawn, moved, resized or fitted
//   (a box in the image's pixels), or removed (null).
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoxShape, SensorCamera } from '@annot/workflows';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { boxBetween } from './box-editing';
import { useCameraImage, usePrefetchCameraImages } from './camera-media';
import { CameraView, type FusionObject, projectObjects } from './camera-view';

export type { FusionObject } from './camera-view';

export interface CameraPanelsProps {
  itemId: string;
  frame: number;
  cameras: SensorCamera[];
  objects: FusionObject[];
  selectedId: string | null;
  editable: boolean;
  onSelect: (id: string | null) => void;
  onCameraBox: (objectId: string, camera: string, box: BoxShape | null) => void;
}

export function CameraPanels(props: CameraPanelsProps) {
  const { itemId, frame, cameras } = props;
  const { t } = useTranslation();
  const [enlarged, setEnlarged] = useState<string | null>(null);
  usePrefetchCameraImages(itemId, frame, cameras);
  const open = cameras.find((c) => c.name === enlarged) ?? null;

  if (cameras.length === 0) return <p className="p-2 text-xs text-muted-foreground">{t('fusion_no_cameras')}</p>;
  return (
    <section aria-label={t('fusion_cameras')} className="flex gap-2 overflow-x-auto p-1">
      {cameras.map((camera) => (
        <CameraPanel key={camera.name} {...props} camera={camera} onEnlarge={() => setEnlarged(camera.name)} />
      ))}
      {open && <EnlargedPanel {...props} camera={open} onClose={() => setEnlarged(null)} />}
    </section>
  );
}

type PanelProps = CameraPanelsProps & { camera: SensorCamera };

function useProjections({ camera, objects }: PanelProps) {
  return useMemo(() => projectObjects(camera, objects), [camera, objects]);
}

function CameraPanel(props: PanelProps & { onEnlarge: () => void }) {
  const { t } = useTranslation();
  const { itemId, frame, camera, objects, selectedId } = props;
  const image = useCameraImage(itemId, frame, camera.name, Boolean(camera.images[frame]));
  const projections = useProjections(props);
  return (
    <button
      type="button"
      className="shrink-0 overflow-hidden rounded border border-border bg-card text-start hover:ring-2 hover:ring-primary/50"
      aria-label={t('fusion_enlarge', { camera: camera.name })}
      onClick={props.onEnlarge}
    >
      <CameraView camera={camera} image={image} objects={objects} projections={projections} selectedId={selectedId} className="block h-28 w-auto" style={{ aspectRatio: `${camera.width} / ${camera.height}` }} />
      <span className="block px-1.5 py-0.5 text-xs text-muted-foreground">{camera.name}</span>
    </button>
  );
}

function EnlargedPanel(props: PanelProps & { onClose: () => void }) {
  const { t } = useTranslation();
  const { itemId, frame, camera, objects, selectedId, editable, onSelect, onCameraBox, onClose } = props;
  const image = useCameraImage(itemId, frame, camera.name, Boolean(camera.images[frame]));
  const projections = useProjections(props);
  const selected = objects.find((o) => o.id === selectedId) ?? null;
  const projected = projections.find((p) => p.id === selectedId)?.projection.box ?? null;
  const hasBox = Boolean(selected?.cameraBoxes[camera.name]);

  const editing = editable ? { onSelect: (id: string) => onSelect(id), onBox: (box: BoxShape) => selectedId && onCameraBox(selectedId, camera.name, box) } : undefined;
  const fit = () => {
    if (!selectedId || !projected) return;
    const [x, y, width, height] = projected;
    onCameraBox(selectedId, camera.name, boxBetween([x, y], [x + width, y + height], camera));
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="flex h-[calc(100vh-2rem)] w-[calc(100vw-2rem)] max-w-none flex-col gap-2 p-3" {...(editable ? {} : { 'aria-describedby': undefined })}>
        <div className="flex flex-wrap items-center gap-2">
          <DialogTitle className="me-auto text-sm font-medium">{t('fusion_camera_view', { camera: camera.name })}</DialogTitle>
          {editable && selected && (
            <>
              <Button size="sm" variant="outline" disabled={!projected} onClick={fit}>
                {t('fusion_fit_box')}
              </Button>
              <Button size="sm" variant="outline" disabled={!hasBox} onClick={() => onCameraBox(selected.id, camera.name, null)}>
                {t('fusion_remove_box')}
              </Button>
            </>
          )}
          <Button size="sm" variant="ghost" onClick={onClose}>
            {t('fusion_close')}
          </Button>
        </div>
        {editable && <DialogDescription className="text-xs">{t(selected ? 'fusion_draw_hint' : 'fusion_select_hint')}</DialogDescription>}
        <CameraView camera={camera} image={image} objects={objects} projections={projections} selectedId={selectedId} editing={editing} className="min-h-0 w-full flex-1" />
      </DialogContent>
    </Dialog>
  );
}
