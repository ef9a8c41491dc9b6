// `node scripts/dist/scripts/src/seed-demo-command.js --api <url> [--detector <url>]`: the demo's accounts and
// projects added to a running platform through its API, as `npm run up` adds them; the compose file's `demo` profile
// runs it once the API answers. The sign-in codes are read from the development mailbox in DATABASE_URL's database,
// so a platform that sends its mail (MAIL_URL) is refused. A demo already there is left as it is.
import { parseArgs } from 'node:util';
import { loadConfig } from '@annot/core';
import { demoAccountLine, seedDemo } from './seed-demo';

const usage = [
  'usage: seed-demo-command --api <url> [--detector <url>]',
  '  --api       where the platform answers (the API or its proxy)',
  '  --detector  where the demo detector answers; its algorithm is registered there (left out when not given)',
];

const url = /^https?:\/\//;

/** Reads the command's options: undefined, with the usage printed, when they are not the command's. */
export function demoCommandOptions(argv: string[], print: (line: string) => void): { api: string; detector?: string } | undefined {
  try {
    const { values } = parseArgs({ args: argv, options: { api: { type: 'string' }, detector: { type: 'string' } }, strict: true });
    const { api, detector } = values;
    if (api && url.test(api) && (detector === undefined || url.test(detector))) return { api: api.replace(/\/+$/, ''), detector: detector?.replace(/\/+$/, '') };
  } catch {
    // An option that is not the command's, or one without its value.
  }
  usage.forEach((line) => print(line));
  return undefined;
}

export async function demoCommand(argv: string[], env: NodeJS.ProcessEnv, print: (line: string) => void): Promise<number> {
  const options = demoCommandOptions(argv, print);
  if (!options) return 2;
  const config = loadConfig(env);
  if (config.mailUrl) {
    print('MAIL_URL is set: the sign-in codes leave the platform by mail, so the demo cannot sign its people in');
    return 1;
  }
  const accounts = await seedDemo(options.api, config.databaseUrl, config.admin, { detectorUrl: options.detector });
  print('the demo is ready; sign in with:');
  accounts.map(demoAccountLine).forEach((line) => print(line));
  return 0;
}

if (require.main === module) {
  demoCommand(process.argv.slice(2), process.env, (line) => console.log(line)).then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
