// Every route of the OpenAPI document, as an anonymous caller, against every class of hostile input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFindings, fuzz } from '../support/fuzz/fuzz-run';
import { type Platform, startPlatform } from '../support/platform';
import { replayVerifies } from '../support/replay';

describe('hostile input from an anonymous caller', () => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await startPlatform({ worker: false });
  });
  afterAll(async () => platform?.stop());

  it('never answers 5xx or outside the envelope, and nothing it refuses changes the event log', async () => {
    const report = await fuzz(platform, null);
    console.info(`anonymous fuzz: ${report.routes} routes, ${report.requests} requests`);
    expect(report.routes).toBeGreaterThan(80);
    expect(describeFindings(report.findings)).toBe('');
    expect(await replayVerifies(platform)).toEqual({ code: 0, differences: [] });
  }, 600_000);
});
