// `npm run bench`: every benchmark, each figure printed beside a raw baseline measured in the same run.
import { appendBench } from './append.bench';
import { rebuildBench } from './rebuild.bench';
import { benchDatabase } from './support/bench-database';
import { type Figure, formatFigure } from './support/figures';

async function main(): Promise<void> {
  const log = (line: string) => console.log(line);
  const figures: Figure[] = [];
  // `npm run bench -- rebuild` runs only the benchmarks whose name contains the word.
  const only = process.argv[2];
  const benches = [
    ['appends', appendBench],
    ['projection rebuild', rebuildBench],
  ] as const;
  for (const [name, bench] of benches.filter(([name]) => !only || name.includes(only))) {
    log(`${name}:`);
    const database = await benchDatabase();
    try {
      figures.push(...(await bench(database, log)));
    } finally {
      await database.close();
    }
  }
  log('');
  log('summary');
  for (const figure of figures) log(formatFigure(figure));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
