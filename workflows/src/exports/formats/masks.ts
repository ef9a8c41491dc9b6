// Per-class PNG masks: masks/<stem>/<class>.png for each frame with masks and each class painted on it, 8-bit grey,
// 255 where the class holds the pixel and 0 elsewhere, so a class's pixel count is its PNG's count of 255s.
// classes.txt lists the mask classes. Outline shapes have no place.
import { ClassRegistry, type EncoderFactory, type ExportFile } from '../format';
import { classFileName, maskFrames } from './masks-frames';
import { encodePng } from './masks-png';

export const masksFolder = 'masks';

export const masksEncoder: EncoderFactory = (context) => {
  const classes = new ClassRegistry(context.tools.filter((t) => t.definition.templateType === 'mask'));
  return {
    item(item) {
      const files: ExportFile[] = [];
      let objects = 0;
      for (const frame of maskFrames(item, context.tools)) {
        const painted = [...new Set(frame.segments.filter((s) => s.area > 0).map((s) => s.className))];
        for (const className of painted) {
          classes.idOf(className);
          const labels = new Set(frame.segments.flatMap((s, i) => (s.className === className ? [i + 1] : [])));
          const grey = new Uint8Array(frame.width * frame.height);
          frame.labels.labels.forEach((label, offset) => {
            if (labels.has(label)) grey[offset] = 255;
          });
          files.push({ path: `${masksFolder}/${frame.stem}/${classFileName(className)}.png`, content: encodePng(frame.width, frame.height, 1, grey) });
        }
        objects += frame.segments.reduce((sum, s) => sum + (s.area > 0 ? s.objects.length : 0), 0);
      }
      return { files, objects };
    },
    finish() {
      return { files: [{ path: `${masksFolder}/classes.txt`, content: classes.names().map((n) => `${n}\n`).join('') }], documents: [] };
    },
  };
};
