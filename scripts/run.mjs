// Builds the server code (incrementally) and runs one of the platform's commands: migrate, replay or bench.
import path from 'node:path';
import { handOver, root, step } from './steps.mjs';

const targets = { migrate: 'scripts/dist/scripts/src/migrate.js', replay: 'scripts/dist/scripts/src/replay.js', bench: 'scripts/dist/bench/run.js' };
const [name, ...args] = process.argv.slice(2);
if (!targets[name]) {
  console.error(`usage: node scripts/run.mjs ${Object.keys(targets).join('|')} [args]`);
  process.exit(2);
}
step('npm', ['run', '--silent', 'build:server']);
handOver(process.execPath, [path.join(root, targets[name]), ...args]);
