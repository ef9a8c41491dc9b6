// What `npm test` runs: the type check, the console build the browser tests open when its sources changed, then every test.
import { consoleIsStale } from './freshness.mjs';
import { handOver, root, step } from './steps.mjs';

// Type errors fail the run as test failures do: what `npm run up` compiles must compile.
step('npm', ['run', 'typecheck']);
if (consoleIsStale(root)) step('npm', ['run', 'build:console']);
handOver('npx', ['vitest', 'run', ...process.argv.slice(2)]);
