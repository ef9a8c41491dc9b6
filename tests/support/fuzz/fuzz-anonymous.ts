// Every route of the OpenAPI document, as an anonymous caller, against every class of hostile input; each test file
// takes a share of the routes so the shares run side by side.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Platform, startPlatform } from '../platform';
import { replayVerifies } from '../replay';
import { describeFindings, fuzz } from './fuzz-run';

/** One test file's share of the routes, fuzzed without signing in. */
export const fuzzAsAnonymous = (share: { k: number; n: number }) => describe(`hostile input from an anonymous caller, share ${share.k + 1} of ${share.n}`, () => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await startPlatform({ worker: false });
  });
  afterAll(async () => platform?.stop());

  it('never answers 5xx or outside the envelope, and nothing it refuses changes the event log', async () => {
    const report = await fuzz(platform, null, share);
    console.info(`anonymous fuzz: ${report.routes} routes, ${report.requests} requests`);
    expect(report.routes).toBeGreaterThan(80 / share.n);
    expect(describeFindings(report.findings)).toBe('');
    expect(await replayVerifies(platform)).toEqual({ code: 0, differences: [] });
  }, 600_000);
});
