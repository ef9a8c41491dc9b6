// What `npm test` runs: the type check, the console build the browser tests open when its sources changed, then every test.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { consoleIsStale } from './freshness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Type errors fail the run as test failures do: what `npm run up` compiles must compile.
const typecheck = spawnSync('npm', ['run', 'typecheck'], { cwd: root, stdio: 'inherit' });
if (typecheck.status !== 0) process.exit(typecheck.status ?? 1);
if (consoleIsStale(root)) {
  const build = spawnSync('npm', ['run', 'build:console'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const result = spawnSync('npx', ['vitest', 'run', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
