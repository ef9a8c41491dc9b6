// The fonts the browser tests read Arabic, Thai, Hindi and the CJK languages in: found, installed where this machine
// allows it, or explained. Without them Chromium draws those scripts as empty boxes.
import { spawnSync } from 'node:child_process';

// Each script the console is translated into beside Latin, as fontconfig names its language, and the Debian package
// that carries a Noto font for it.
const scripts = [
  { lang: 'ar', name: 'Arabic', pkg: 'fonts-noto-core' },
  { lang: 'th', name: 'Thai', pkg: 'fonts-noto-core' },
  { lang: 'hi', name: 'Devanagari', pkg: 'fonts-noto-core' },
  { lang: 'zh-cn', name: 'Chinese', pkg: 'fonts-noto-cjk' },
  { lang: 'ja', name: 'Japanese', pkg: 'fonts-noto-cjk' },
  { lang: 'ko', name: 'Korean', pkg: 'fonts-noto-cjk' },
];

const succeeds = (command, args) => spawnSync(command, args, { stdio: 'inherit' }).status === 0;
const fontconfig = () => spawnSync('fc-list', ['--version'], { stdio: 'ignore' }).status === 0;
const covers = (lang) => spawnSync('fc-list', [`:lang=${lang}`, 'family'], { encoding: 'utf8' }).stdout?.trim().length > 0;

/**
 * Whether a font covers each script; on Linux without one, Debian's Noto packages are installed as root with apt-get,
 * or the way to get them said. Systems without fontconfig (macOS, Windows) bring fonts for these scripts themselves.
 */
export function ensureFonts() {
  if (!fontconfig()) return true;
  const missing = () => scripts.filter((script) => !covers(script.lang));
  if (missing().length === 0) return true;
  const packages = [...new Set(missing().map((script) => script.pkg))];
  if (process.getuid?.() === 0 && succeeds('sh', ['-c', 'command -v apt-get >/dev/null'])) {
    console.log(`No font for ${missing().map((script) => script.name).join(', ')}: installing Debian's ${packages.join(' and ')} for the browser tests.`);
    if (succeeds('apt-get', ['update', '-qq']) && succeeds('apt-get', ['install', '-y', '-qq', ...packages]) && missing().length === 0) return true;
  }
  console.error(
    [
      `The browser tests read the console in ${missing().map((script) => script.name).join(', ')}, and no font here has those scripts. Either:`,
      `  - on Debian or Ubuntu, install them: sudo apt-get install -y ${packages.join(' ')}`,
      '  - or install any font with those scripts where fontconfig finds it (fc-list :lang=th).',
      'Nothing was run. Tests other than the browser tests run without them: npm test -- --project unit --project integration --project console',
    ].join('\n'),
  );
  return false;
}
