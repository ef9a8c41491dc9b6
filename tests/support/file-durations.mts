// How long each test file took, kept in tests/durations.json: the slowest files start first (a clean clone has no
// timing cache of vitest's), and every run ends with the ten slowest, so a file that grows slow shows at once.
import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type Reporter, type TestModule, type TestSpecification } from 'vitest/node';
import { CpuBusy } from './cpu-busy.mts';
import { ServerCpu } from './server-cpu.ts';

const root = path.resolve(import.meta.dirname, '../..');
export const durationsFile = path.join(root, 'tests/durations.json');

/** A file not timed yet is taken for a slow one, so a new file never starts last. */
const unknownSeconds = 60;

type Durations = Record<string, number>;

const keyOf = (project: string, moduleId: string): string => `${project}:${path.relative(root, moduleId)}`;

function readDurations(): Durations {
  try {
    return JSON.parse(fs.readFileSync(durationsFile, 'utf8')) as Durations;
  } catch {
    return {};
  }
}

/** About how long the first file that starts the demo takes to seed it, while the run's other files wait for it. */
const seedingSeconds = 60;

/**
 * Which seeded demo a file starts, read from its text and the support files it imports: 'demo', 'demo_all_types' or
 * none. Files that start the same demo wait for the first of them to seed it.
 */
function seededDemoOf(file: string): string | null {
  const texts = [file];
  try {
    const text = fs.readFileSync(file, 'utf8');
    // The demo's own module defines startDemo; the files and helpers that call it are the ones that wait for the seed.
    for (const [, imported] of text.matchAll(/from '(\.{1,2}\/[^']+)'/g)) if (!imported.endsWith('/demo')) texts.push(path.resolve(path.dirname(file), `${imported}.ts`));
  } catch {
    return null;
  }
  const read = texts.map((one) => (fs.existsSync(one) ? fs.readFileSync(one, 'utf8') : '')).join('\n');
  if (!read.includes('startDemo(')) return null;
  return read.includes('otherTypes: true') ? 'demo_all_types' : 'demo';
}

/**
 * Keeps vitest's groups (browser files after the others). Within a group each project's files run together, the
 * project with the most seconds first, and within a project the slowest file first: vitest keeps a test process for
 * the next file in line only when that file is of the same project, and otherwise ends it, so projects taken in turn
 * would start a process, which loads every module again, for almost every file. Of the first group's files that start
 * one seeded demo, the first starts in its turn and the others once the files started beside it (one fewer than the
 * files that run at a time) have had the time the seeding takes, so the cores work on other files instead of waiting
 * for the seed.
 */
export class SlowestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const durations = readDurations();
    const seconds = (spec: TestSpecification) => durations[keyOf(spec.project.name, spec.moduleId)] ?? unknownSeconds;
    const projectSeconds = new Map<string, number>();
    for (const spec of files) projectSeconds.set(spec.project.name, (projectSeconds.get(spec.project.name) ?? 0) + seconds(spec));
    const sorted = [...files].sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        projectSeconds.get(b.project.name)! - projectSeconds.get(a.project.name)! ||
        a.project.name.localeCompare(b.project.name) ||
        seconds(b) - seconds(a),
    );
    const first = Math.min(...sorted.map((spec) => spec.project.config.sequence.groupOrder));
    /** The seconds of other files placed after a seeding file before the next file of its demo may start. */
    const seedingBesides = Math.max(1, this.ctx.config.maxWorkers - 1) * seedingSeconds;
    const ordered: TestSpecification[] = [];
    /** Per seeded demo: the seconds of files that need no seed placed since its first file, and its files held back. */
    const seeding = new Map<string, { besides: number; held: TestSpecification[] }>();
    const release = () => {
      for (const [demo, state] of seeding) {
        if (state.besides < seedingBesides) continue;
        ordered.push(...state.held);
        state.held = [];
        seeding.set(demo, { ...state, besides: Number.POSITIVE_INFINITY });
      }
    };
    for (const spec of sorted) {
      const demo = spec.project.config.sequence.groupOrder === first ? seededDemoOf(spec.moduleId) : null;
      const state = demo ? seeding.get(demo) : undefined;
      if (demo && !state) seeding.set(demo, { besides: 0, held: [] });
      else if (state && state.besides < seedingBesides) {
        state.held.push(spec);
        continue;
      }
      ordered.push(spec);
      if (!demo) for (const counted of seeding.values()) counted.besides += seconds(spec);
      release();
    }
    for (const state of seeding.values()) ordered.push(...state.held);
    return ordered;
  }
}

interface FileCpu {
  key: string;
  cpu: number;
}

/** The files whose CPU was measured, the costliest first. */
const mostCpu = (files: { key: string; cpu: number | undefined }[]): FileCpu[] =>
  files.flatMap(({ key, cpu }) => (cpu === undefined ? [] : [{ key, cpu }])).sort((a, b) => b.cpu - a.cpu);

/** The ten costliest files with their CPU seconds, under a line that says where they were spent and their total. */
function costlyLines(costly: FileCpu[], where: string): string[] {
  if (costly.length === 0) return [];
  const total = Math.round(costly.reduce((sum, { cpu }) => sum + cpu, 0));
  return [
    '',
    `The ten files that cost the most CPU ${where} (${total} CPU seconds for all ${costly.length} such files):`,
    ...costly.slice(0, 10).map(({ key, cpu }) => `  ${cpu.toFixed(1).padStart(7)} s  ${key}`),
  ];
}

/**
 * Writes this run's times over the recorded ones and prints the ten slowest files of the run, the ten that cost the most
 * CPU in their own process and in the processes they started, how busy the cores were and what the servers beside the
 * tests spent.
 */
export class SlowestFilesReporter implements Reporter {
  private readonly cpu = new CpuBusy();
  private readonly servers = new ServerCpu();

  onInit(): void {
    this.cpu.start();
    this.servers.start();
  }

  onTestRunEnd(testModules: readonly TestModule[]): void {
    const busy = this.cpu.report();
    const timed = testModules
      .filter((module) => module.state() === 'passed' || module.state() === 'failed')
      .map((module) => {
        const { duration, collectDuration, setupDuration, prepareDuration, environmentSetupDuration } = module.diagnostic();
        const total = duration + collectDuration + setupDuration + prepareDuration + environmentSetupDuration;
        return { key: keyOf(module.project.name, module.moduleId), seconds: Math.round(total / 100) / 10, cpu: module.meta().cpuSeconds, beside: module.meta().besideCpuSeconds };
      });
    if (timed.length === 0) return;
    const durations = readDurations();
    for (const { key, seconds } of timed) durations[key] = seconds;
    const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => a.localeCompare(b)));
    fs.writeFileSync(durationsFile, `${JSON.stringify(sorted, null, 2)}\n`);
    const slowest = [...timed].sort((a, b) => b.seconds - a.seconds).slice(0, 10);
    const lines = slowest.map(({ key, seconds }) => `  ${seconds.toFixed(1).padStart(7)} s  ${key}`);
    const costly = mostCpu(timed.map(({ key, cpu }) => ({ key, cpu })));
    const costlyBeside = mostCpu(timed.map(({ key, beside }) => ({ key, cpu: beside })));
    const servers = this.servers.report();
    console.log(
      [
        '',
        'The ten slowest test files of this run:',
        ...lines,
        ...costlyLines(costly, 'in their own process'),
        ...costlyLines(costlyBeside, 'in the processes they started (browsers, services, programs)'),
        '',
        ...(busy ? [busy, ''] : []),
        ...(servers ? [servers, ''] : []),
      ].join('\n'),
    );
  }
}
