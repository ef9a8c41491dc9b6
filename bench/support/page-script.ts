// A console module bundled with three.js and the workflows into one script a blank Chromium page can run: how the
// point-cloud editor's benchmark and its views' browser test load the editor's scene without the console around it.
import path from 'node:path';

/** The bundle of `entry` (a path from the repository's root `root`), as one script that runs on load. */
export async function pageScript(root: string, entry: string): Promise<string> {
  const { rolldown } = await import('rolldown');
  const bundle = await rolldown({
    input: path.join(root, entry),
    resolve: { alias: { '@annot/workflows': path.join(root, 'workflows/src/index.ts'), '@': path.join(root, 'console/src') } },
    platform: 'browser',
    logLevel: 'silent',
  });
  const { output } = await bundle.generate({ format: 'iife', minify: true });
  await bundle.close();
  return output[0].code;
}
