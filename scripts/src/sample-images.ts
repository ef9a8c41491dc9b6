// Generated sample data: PNG images with a pattern of their own and zip packages of them, for the demo batch and tests.
import { PNG } from 'pngjs';
import yazl from 'yazl';

/**
 * A painted picture as PNG bytes, every row with the Sub filter: pngjs otherwise tries all five filters on each row and
 * keeps the smallest, five times the work for generated pictures that the Sub filter compresses about as well.
 */
export const encodePng = (png: PNG): Buffer => PNG.sync.write(png, { filterType: 1 });

/** A PNG of the given size whose colours follow from `seed`, so two seeds never give the same file. */
export function samplePng(width: number, height: number, seed = 0): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      png.data[i] = (x * 7 + seed * 31) & 0xff;
      png.data[i + 1] = (y * 5 + seed * 17) & 0xff;
      png.data[i + 2] = ((x ^ y) + seed) & 0xff;
      png.data[i + 3] = 0xff;
    }
  }
  return encodePng(png);
}

/** A zip package holding each entry under its name as given, even a name that climbs out of the folder. */
export function sampleZip(entries: { name: string; content: Buffer; compress?: boolean; mode?: number }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) zip.addBuffer(entry.content, entry.name, { compress: entry.compress ?? true, ...(entry.mode ? { mode: entry.mode } : {}) });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** `count` distinct street-scene stand-ins, named like camera frames. */
export function sampleFrames(count: number, width = 64, height = 48): { name: string; content: Buffer }[] {
  return Array.from({ length: count }, (_, i) => ({ name: `frames/frame_${String(i + 1).padStart(4, '0')}.png`, content: samplePng(width, height, i + 1) }));
}
