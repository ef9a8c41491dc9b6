// What `npm run up` runs: install when needed, build what changed, then start the platform.
import path from 'node:path';
import { ensureFfmpeg } from './ffmpeg.mjs';
import { consoleIsStale, installIsStale } from './freshness.mjs';
import { handOver, root, step } from './steps.mjs';

// Only video imports need ffmpeg: without it the platform starts, and such an import says why it cannot run.
ensureFfmpeg('The platform starts anyway; a video import is refused with this reason until ffmpeg is installed.');
if (installIsStale(root)) step('npm', ['ci']);
// tsc -b is incremental: an unchanged project costs a look at its build info.
step('npm', ['run', '--silent', 'build:server']);
if (consoleIsStale(root)) step('npm', ['run', 'build:console']);
handOver(process.execPath, [path.join(root, 'scripts/dist/scripts/src/up.js')]);
