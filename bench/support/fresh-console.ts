// The console's build as the benchmarks open it: made again first when anything it is built from changed after it,
// by the same check `npm test` and `npm run up` make.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The console's dist folder under the repository's root `root`, built first when it is older than its sources. */
export async function freshConsole(root: string): Promise<string> {
  // The front door's check is an ES module of plain JavaScript: loaded when the benchmark runs, not compiled in.
  const freshness = pathToFileURL(path.join(root, 'scripts/freshness.mjs')).href;
  const { consoleIsStale } = (await import(freshness)) as { consoleIsStale(root: string): boolean };
  if (consoleIsStale(root)) {
    console.log('  building the console, older than its sources');
    // Vite's list of chunks would bury the benchmark's own lines; its warnings and errors still show.
    const built = spawnSync('npm', ['run', '--silent', 'build:console'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
    if (built.status !== 0) throw new Error('the console did not build');
  }
  return path.join(root, 'console/dist');
}
