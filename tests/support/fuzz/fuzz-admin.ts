// Every route of the OpenAPI document, as the admin (who passes every role check) over the demo data, against every
// class of hostile input; each test file takes a share of the routes so the shares run side by side.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemo } from '../demo';
import type { Platform } from '../platform';
import { replayVerifies } from '../replay';
import { signInAdmin } from '../sign-in';
import { describeFindings, fuzz } from './fuzz-run';

/** One test file's share of the routes, fuzzed as the admin over the demo data. */
export const fuzzAsAdmin = (share: { k: number; n: number }) => describe(`hostile input from the admin, share ${share.k + 1} of ${share.n}`, () => {
  let platform: Platform;

  beforeAll(async () => {
    ({ platform } = await startDemo());
    // From here on only the fuzzer's requests write, so any change to the log belongs to the request just answered.
    await platform.worker?.close();
    platform.worker = null;
  });
  afterAll(async () => platform?.stop());

  it('never answers 5xx or outside the envelope, and nothing it refuses changes the event log', async () => {
    const report = await fuzz(platform, () => signInAdmin(platform), share);
    console.info(`admin fuzz: ${report.routes} routes (${report.addressed} reached with real ids), ${report.requests} requests`);
    expect(report.routes).toBeGreaterThan(80 / share.n);
    expect(report.addressed).toBeGreaterThan(40 / share.n);
    expect(describeFindings(report.findings)).toBe('');
    expect(await replayVerifies(platform)).toEqual({ code: 0, differences: [] });
  }, 600_000);
});
