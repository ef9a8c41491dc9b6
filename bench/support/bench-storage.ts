// The platform's two stores side by side in one run: the local disk, and an S3-compatible bucket served by an S3
// emulator (s3rver, as the tests use) on this machine, each with a scratch database of its own so neither sees the
// other's files. BENCH_STORAGE=disk or =s3 measures one alone.
import type { AppConfig } from '@annot/core';
import { startS3Emulator } from '../../tests/support/s3-server';
import { type BenchDatabase, benchDatabase } from './bench-database';

export type StorageBackend = 'disk' | 's3';

export const storageBackends = (): StorageBackend[] => (process.env.BENCH_STORAGE ?? 'disk,s3').split(',').map((b) => b.trim() as StorageBackend);

/** Runs `measure` on each store in turn: the disk on the benchmark's database, the bucket on a scratch one of its own. */
export async function onEachStore<T>(
  bench: BenchDatabase,
  measure: (database: BenchDatabase, settings: Partial<AppConfig>, backend: StorageBackend) => Promise<T>,
): Promise<Map<StorageBackend, T>> {
  const measured = new Map<StorageBackend, T>();
  for (const backend of storageBackends()) {
    if (backend === 'disk') {
      measured.set(backend, await measure(bench, {}, backend));
      continue;
    }
    const bucket = 'bench-store';
    const s3 = await startS3Emulator(bucket);
    const database = await benchDatabase(`${bench.url.split('/').pop()!.split('?')[0]}_s3`);
    try {
      const storageBucket = { endpoint: s3.endpoint, region: 'us-east-1', bucket, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true };
      measured.set(backend, await measure(database, { storageBucket }, backend));
    } finally {
      await database.close();
      await s3.stop();
    }
  }
  return measured;
}
