// Only the write side folds a stream: every `.load(` of the services is a command handler's, the pipeline's own, or a
// step of a command's unit of work (a unit exists only inside its command's transaction). Reads, access checks and
// jobs take projection rows instead, so no answer rests on a cache of one process.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const services = path.resolve(__dirname, '../../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [full] : [];
  });
}

const writeSide = (file: string, line: string): boolean =>
  file.endsWith('.handler.ts') || path.basename(file) === 'command-pipeline.ts' || /\bunit\.load\(|\.load\(unit\b/.test(line);

describe('stream loads', () => {
  it('happen only in command handlers, the pipeline and the steps of a command unit', () => {
    const files = readdirSync(services).flatMap((service) => sources(path.join(services, service, 'src')));
    const elsewhere = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, index) => ({ line, at: `${path.relative(services, file)}:${index + 1}` }))
        .filter(({ line }) => line.includes('.load(') && !writeSide(file, line))
        .map(({ at, line }) => `${at} ${line.trim()}`),
    );
    expect(files.length).toBeGreaterThan(100);
    expect(elsewhere).toEqual([]);
  });
});
