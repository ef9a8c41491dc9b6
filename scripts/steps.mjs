// How the front-door scripts run their steps: from the repository root, stopping at the first that fails.
import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a step to its end; a failed step ends the script with the step's exit code. */
export function step(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Runs the last step and exits with its code once it has stopped. */
export function handOver(command, args) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
  // The step cleans up after a signal (the platform, the servers it started), so pass the signal on and wait for
  // it instead of leaving first; a step that hears Ctrl-C twice (terminal and forwarded) must not mind.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0)));
}
