// What `npm run up` runs: install when needed, build what changed, then start the platform.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { consoleIsStale, mtime } from './freshness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (command, args) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
const installed = path.join(root, 'node_modules', '.package-lock.json');
if (mtime(installed) < mtime(path.join(root, 'package-lock.json'))) run('npm', ['ci']);

run('npx', ['tsc', '-b', 'services/api/tsconfig.json', 'services/worker/tsconfig.json', 'scripts/tsconfig.json']);
if (consoleIsStale(root)) run('npm', ['run', 'build:console']);

const up = spawnSync(process.execPath, [path.join(root, 'scripts/dist/scripts/src/up.js')], { cwd: root, stdio: 'inherit' });
process.exit(up.status ?? 0);
