// `npm run bench`: every benchmark, each figure printed beside a raw baseline measured in the same run.
import { appendBench } from './append.bench';
import { rebuildBench } from './rebuild.bench';
import { benchDatabase, type BenchDatabase } from './support/bench-database';
import { type Figure, formatTable, verdict } from './support/figures';

const benches: [string, (bench: BenchDatabase, log: (line: string) => void) => Promise<Figure[]>][] = [
  ['appends', appendBench],
  ['projection rebuild', rebuildBench],
];

async function main(): Promise<void> {
  const log = (line: string) => console.log(line);
  // `npm run bench -- rebuild` runs only the benchmarks whose name contains the word.
  const only = process.argv[2];
  const figures: Figure[] = [];
  for (const [name, bench] of benches.filter(([name]) => !only || name.includes(only))) {
    // Each benchmark starts from an empty scratch database, so the one before leaves it nothing to trip on.
    const database = await benchDatabase();
    log(`${name} (PostgreSQL: ${database.source}):`);
    try {
      const measured = await bench(database, log);
      for (const line of formatTable(measured)) log(`  ${line}`);
      figures.push(...measured);
    } finally {
      await database.close();
    }
    log('');
  }
  log('summary');
  for (const line of formatTable(figures)) log(line);
  const below = figures.filter((f) => verdict(f) === 'BELOW').length;
  // A measurement, not a test: a missed target is reported, and the exit code stays 0.
  log(below === 0 ? '\nevery target met' : `\n${below} figure(s) BELOW target`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
