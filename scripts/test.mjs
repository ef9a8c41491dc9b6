// What `npm test` runs: Chromium, its fonts and ffmpeg looked for first, an install when the lock file changed, the
// console's build (when its sources changed), then every test, with the servers' build and the rest of the type check
// beside them.
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureChromium } from './chromium.mjs';
import { ensureFfmpeg } from './ffmpeg.mjs';
import { ensureFonts } from './fonts.mjs';
import { consoleIsStale, installIsStale } from './freshness.mjs';
import { beside, besideOnce, handOver, root, step } from './steps.mjs';

const args = process.argv.slice(2);

/** A whole run includes the tests of every project; one narrowed to other files or projects does not. */
function runsTestsOf(project) {
  const filters = args.flatMap((arg) => (arg.startsWith('--project=') ? [arg.slice('--project='.length)] : arg.startsWith('-') ? [] : [arg]));
  return filters.length === 0 || filters.some((filter) => filter.includes(project));
}

// Before anything else, so a missing browser is said at once rather than after minutes of other tests.
if (runsTestsOf('browser') && !(ensureChromium() && ensureFonts())) process.exit(1);
// The video import tests decode generated videos with the same programs.
if (runsTestsOf('integration') && !ensureFfmpeg('Nothing was run. Tests other than the integration tests run without it: npm test -- --project unit --project browser --project console')) process.exit(1);
if (installIsStale(root)) step('npm', ['ci']);
// Type errors fail the run as test failures do: what `npm run up` compiles must compile. The servers' build is their
// type check and what the few tests that start the services as they ship wait for (it writes its exit code to the
// file SERVER_BUILD_MARK names); it runs beside the tests, whose set-up and first files need only the sources. The
// console's build is what the browser tests open, so it ends first.
const consoleBuild = consoleIsStale(root) ? beside('npm', ['run', 'build:console']) : null;
const serverBuild = beside('npm', ['run', 'build:server']);
const mark = path.join(os.tmpdir(), `annot-server-build-${process.pid}`);
rmSync(mark, { force: true });
serverBuild.code.then((code) => writeFileSync(mark, String(code)));
process.on('exit', () => rmSync(mark, { force: true }));
if (consoleBuild) await consoleBuild.finished();
// The console's and the tests' type check emits nothing and reads the servers' declarations, so it follows their
// build, beside the tests, which mostly wait on servers.
const typecheck = besideOnce(serverBuild.code.then((code) => code === 0), 'npm', ['run', 'typecheck:console-and-tests']);
handOver('npx', ['vitest', 'run', ...args], [serverBuild, typecheck], { SERVER_BUILD_MARK: mark });
