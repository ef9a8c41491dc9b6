// Clocks for the benchmarks: operations per second under concurrency, the wall time of one piece of work (with the CPU
// it took in Node and in PostgreSQL), and rounds of contenders measured in turn.
import { ServerCpu } from '../../tests/support/server-cpu';

/** Runs `writers` loops for `seconds`, each calling `once(writer, i)` back to back; returns operations per second. */
export async function throughput(writers: number, seconds: number, once: (writer: number, i: number) => Promise<void>): Promise<number> {
  const deadline = Date.now() + seconds * 1000;
  let done = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      for (let i = 0; Date.now() < deadline; i++) {
        await once(writer, i);
        done++;
      }
    }),
  );
  return done / secondsSince(started);
}

/** CPU seconds some work took: in this Node process (its threads included), and in the machine's PostgreSQL where it can be read. */
export interface Cpu {
  node: number;
  postgres: number | null;
}

/** `work` timed, with the CPU it took in this process and in PostgreSQL. */
export async function withCpu<T>(work: () => Promise<T>): Promise<{ value: T; seconds: number; cpu: Cpu }> {
  const own = process.cpuUsage();
  const server = new ServerCpu();
  server.start();
  const { value, seconds } = await timed(work);
  const used = process.cpuUsage(own);
  return { value, seconds, cpu: { node: (used.user + used.system) / 1e6, postgres: server.spent().get('PostgreSQL') ?? null } };
}

export async function timed<T>(work: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  const started = process.hrtime.bigint();
  const value = await work();
  return { value, seconds: secondsSince(started) };
}

const secondsSince = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e9;

/** The middle of some measurements (the upper middle of an even count). */
export const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Every contender measured in turn, round after round (a, b, a, b, ...), so a slower stretch of a shared machine falls
 * on each of them; answers each contender's measurements in round order, for `median` to take the middle of.
 */
export async function alternate<Contenders extends Record<string, (round: number) => Promise<unknown>>>(
  rounds: number,
  contenders: Contenders,
): Promise<{ [Name in keyof Contenders]: Awaited<ReturnType<Contenders[Name]>>[] }> {
  const names = Object.keys(contenders) as (keyof Contenders)[];
  const measured = Object.fromEntries(names.map((name) => [name, []])) as unknown as { [Name in keyof Contenders]: unknown[] };
  for (let round = 0; round < rounds; round++) {
    for (const name of names) measured[name].push(await contenders[name](round));
  }
  return measured as { [Name in keyof Contenders]: Awaited<ReturnType<Contenders[Name]>>[] };
}
