// Generated driving sequences for the demo and the tests: the street of the sample scenes seen from a parked camera,
// one car crossing it at a steady pace and a second one that drives out of view halfway, with every frame's boxes.
import { sceneFrame, type SceneFrame } from './sample-scenes';

export interface SequenceFrame extends SceneFrame {
  /** Each vehicle's box by its track name; a vehicle out of view has none. */
  tracks: Record<string, SceneFrame['objects'][number]['box']>;
}

/** `count` frames of one sequence, named `<folder>/frame_0001.png` on, so a folder of them is one item. */
export function drivingSequence(folder: string, count: number, width = 320, height = 240): SequenceFrame[] {
  const roadTop = Math.floor(height * 0.45);
  return Array.from({ length: count }, (_, i) => {
    const t = count === 1 ? 0 : i / (count - 1);
    const tracks: SequenceFrame['tracks'] = {
      crossing: { x: Math.round(4 + t * (width - 80)), y: roadTop + 12, width: 70, height: 36 },
    };
    // The second car leaves the view at the sequence's middle.
    if (i < count / 2) tracks.leaving = { x: Math.round(width - 60 - t * 40), y: height - 44, width: 50, height: 30 };
    const { content, objects } = sceneFrame(i + 1, width, height, { boxes: Object.values(tracks) });
    return { name: `${folder}/frame_${String(i + 1).padStart(4, '0')}.png`, content, objects, tracks };
  });
}
