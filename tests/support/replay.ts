// Runs `replay --verify` against a test platform's database, as an operator would after the fact.
import { replayCommand } from '../../scripts/src/replay-command';
import type { Platform } from './platform';

/** The exit code, and the lines that name a difference or a broken chain (none when all is well). */
export async function replayVerifies(platform: Platform): Promise<{ code: number; differences: string[] }> {
  const lines: string[] = [];
  const code = await replayCommand(['--verify'], platform.database.url, (line) => lines.push(line));
  return { code, differences: lines.filter((line) => /DIFFERENT|FAILED|fails/.test(line)) };
}
