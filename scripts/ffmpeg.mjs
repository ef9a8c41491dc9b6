// The ffmpeg and ffprobe video imports decode with: found, installed where this machine allows it, or explained.
import { spawnSync } from 'node:child_process';

// services/core's configuration reads the same variables, and runs the programs on the PATH without them.
const tools = (env) => [
  { name: 'ffmpeg', command: env.FFMPEG_PATH ?? 'ffmpeg', variable: 'FFMPEG_PATH' },
  { name: 'ffprobe', command: env.FFPROBE_PATH ?? 'ffprobe', variable: 'FFPROBE_PATH' },
];

const runs = (command) => spawnSync(command, ['-version'], { stdio: 'ignore' }).status === 0;
const succeeds = (command, args) => spawnSync(command, args, { stdio: 'inherit' }).status === 0;

/**
 * Whether both programs run; where they do not, Debian's ffmpeg package is installed as root with apt-get, or the
 * way to get it said. `purpose` tells the reader what goes without them.
 */
export function ensureFfmpeg(purpose, env = process.env) {
  const missing = () => tools(env).filter((tool) => !runs(tool.command));
  if (missing().length === 0) return true;
  const named = tools(env).some((tool) => env[tool.variable]);
  if (!named && process.getuid?.() === 0 && succeeds('sh', ['-c', 'command -v apt-get >/dev/null'])) {
    console.log("No ffmpeg or ffprobe on the PATH: installing Debian's ffmpeg package for video imports.");
    if (succeeds('apt-get', ['update', '-qq']) && succeeds('apt-get', ['install', '-y', '-qq', 'ffmpeg']) && missing().length === 0) return true;
  }
  const lines = [
    `Video imports decode with ffmpeg and ffprobe, and ${missing()
      .map((tool) => (env[tool.variable] ? `${tool.variable} (${env[tool.variable]}) does not run` : `${tool.name} is not on the PATH`))
      .join(' and ')}. Either:`,
    '  - on Debian or Ubuntu, install them: sudo apt-get install -y ffmpeg',
    '  - on macOS: brew install ffmpeg',
    '  - or point FFMPEG_PATH and FFPROBE_PATH at the programs you have.',
    purpose,
  ];
  console.error(lines.join('\n'));
  return false;
}
