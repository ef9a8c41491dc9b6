// What `npm test` runs: Chromium and ffmpeg looked for first, an install when the lock file changed, the type check, the console
// build the browser tests open when its sources changed, then every test.
import { ensureChromium } from './chromium.mjs';
import { ensureFfmpeg } from './ffmpeg.mjs';
import { consoleIsStale, installIsStale } from './freshness.mjs';
import { handOver, root, step } from './steps.mjs';

const args = process.argv.slice(2);

/** A whole run includes the tests of every project; one narrowed to other files or projects does not. */
function runsTestsOf(project) {
  const filters = args.flatMap((arg) => (arg.startsWith('--project=') ? [arg.slice('--project='.length)] : arg.startsWith('-') ? [] : [arg]));
  return filters.length === 0 || filters.some((filter) => filter.includes(project));
}

// Before anything else, so a missing browser is said at once rather than after minutes of other tests.
if (runsTestsOf('browser') && !ensureChromium()) process.exit(1);
// The video import tests decode generated videos with the same programs.
if (runsTestsOf('integration') && !ensureFfmpeg('Nothing was run. Tests other than the integration tests run without it: npm test -- --project unit --project browser --project console')) process.exit(1);
if (installIsStale(root)) step('npm', ['ci']);
// Type errors fail the run as test failures do: what `npm run up` compiles must compile.
step('npm', ['run', 'typecheck']);
if (consoleIsStale(root)) step('npm', ['run', 'build:console']);
handOver('npx', ['vitest', 'run', ...args]);
