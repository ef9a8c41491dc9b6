// Builds the server code (incrementally) and runs one of the platform's commands: replay or bench.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const targets = { replay: 'scripts/dist/scripts/src/replay.js', bench: 'scripts/dist/bench/run.js', migrate: 'scripts/dist/scripts/src/migrate.js' };
const [name, ...args] = process.argv.slice(2);
if (!targets[name]) {
  console.error(`usage: node scripts/run.mjs ${Object.keys(targets).join('|')} [args]`);
  process.exit(2);
}
const build = spawnSync('npx', ['tsc', '-b', 'scripts/tsconfig.json'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const result = spawnSync(process.execPath, [path.join(root, targets[name]), ...args], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
