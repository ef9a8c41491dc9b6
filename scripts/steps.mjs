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

/**
 * Starts a step that runs beside the next ones, its output held back until it is asked for, so it does not interleave
 * with theirs. Resolves to the step's exit code.
 */
export function beside(command, args) {
  return besideOnce(Promise.resolve(true), command, args);
}

/** `beside`, started once `ready` resolves true; where it resolves false the step is skipped and counts as failed. */
export function besideOnce(ready, command, args) {
  const name = [command, ...args].join(' ');
  const output = [];
  const step = { name, child: null, output: () => Buffer.concat(output).toString() };
  step.code = ready.then((go) => {
    if (!go) {
      output.push(Buffer.from(`${name} was not run: a step it needs failed.\n`));
      return 1;
    }
    step.child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    step.child.stdout.on('data', (chunk) => output.push(chunk));
    step.child.stderr.on('data', (chunk) => output.push(chunk));
    return new Promise((resolve) => step.child.on('close', (exitCode) => resolve(exitCode ?? 1)));
  });
  /** Waits for the step; one that failed ends the script as `step` does, after printing what it said. */
  step.finished = async () => {
    const exitCode = await step.code;
    process.stdout.write(step.output());
    if (exitCode !== 0) process.exit(exitCode);
  };
  return step;
}

/**
 * Runs the last step and exits with its code once it has stopped, and once the steps still running beside it have
 * stopped: the first failure's code, a step beside it that failed saying what it printed.
 */
export function handOver(command, args, besides = [], env = {}) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  // The step cleans up after a signal (the platform, the servers it started), so pass the signal on and wait for
  // it instead of leaving first; a step that hears Ctrl-C twice (terminal and forwarded) must not mind.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      child.kill(signal);
      for (const other of besides) other.child?.kill(signal);
    });
  }
  child.on('exit', async (code, signal) => {
    let exitCode = code ?? 128 + (os.constants.signals[signal] ?? 0);
    for (const other of besides) {
      const otherCode = await other.code;
      if (otherCode === 0) continue;
      process.stderr.write(`\n${other.output()}\n${other.name} failed (exit code ${otherCode}).\n`);
      if (exitCode === 0) exitCode = otherCode;
    }
    process.exit(exitCode);
  });
}
