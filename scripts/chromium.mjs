// The Chromium the browser tests drive: found, installed where this machine allows it, or explained.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

// tests/support/browser.ts launches the same binary.
const debianChromium = '/usr/bin/chromium';

function runnable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

const succeeds = (command, args) => spawnSync(command, args, { stdio: 'inherit' }).status === 0;

/** Whether Chromium can be launched; Playwright cannot fetch one here, so Debian's is installed as root with apt-get, or the way to get one said. */
export function ensureChromium(env = process.env) {
  const wanted = env.CHROMIUM_PATH ?? debianChromium;
  if (runnable(wanted)) return true;
  if (!env.CHROMIUM_PATH && process.getuid?.() === 0 && succeeds('sh', ['-c', 'command -v apt-get >/dev/null'])) {
    console.log(`No Chromium at ${debianChromium}: installing Debian's chromium package for the browser tests.`);
    if (succeeds('apt-get', ['update', '-qq']) && succeeds('apt-get', ['install', '-y', '-qq', 'chromium']) && runnable(debianChromium)) return true;
  }
  const lines = env.CHROMIUM_PATH
    ? [`CHROMIUM_PATH is ${env.CHROMIUM_PATH}, which is not an executable file.`]
    : [
        `The browser tests drive Chromium, and there is none at ${debianChromium}. Either:`,
        '  - on Debian or Ubuntu, install it: sudo apt-get install -y chromium',
        '  - or point CHROMIUM_PATH at a Chromium or Chrome binary you have, for example',
        '    CHROMIUM_PATH="/Applications/Google Chrome.app/Contents/MacOS/Google Chrome" npm test',
      ];
  lines.push('Nothing was run. Tests other than the browser tests run without it: npm test -- --project unit --project integration --project console');
  console.error(lines.join('\n'));
  return false;
}
