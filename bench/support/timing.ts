// Clocks for the benchmarks: operations per second under concurrency, and the wall time of one piece of work.

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

export async function timed<T>(work: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  const started = process.hrtime.bigint();
  const value = await work();
  return { value, seconds: secondsSince(started) };
}

const secondsSince = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e9;

/** The middle of some measurements (the upper middle of an even count). */
export const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
