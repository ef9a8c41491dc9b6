// A hostile insider: every route of the OpenAPI document, as each demo person outside the staff, against a second
// project whose people are none of the demo's, by its objects' real ids; every answer is 403 or 404 and nothing is
// written. The admin and the PMs see every project by the seed, so they are no outsiders here; an auditor given only
// the demo's project is one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuditor } from '../support/auditors';
import { startDemo } from '../support/demo';
import { fuzzAccess } from '../support/fuzz/fuzz-access';
import { type OtherProjectIds, startOtherProject } from '../support/fuzz/other-project';
import type { Platform } from '../support/platform';
import { signIn } from '../support/sign-in';

describe('access of outsiders to another project', () => {
  let platform: Platform;
  let ids: OtherProjectIds;
  let tokens: Record<string, string>;

  beforeAll(async () => {
    const started = Date.now();
    const demo = await startDemo();
    platform = demo.platform;
    const seeded = Date.now();
    ids = await startOtherProject(platform, demo.admin, demo.projectId);
    console.info(`access fuzz setup: demo ${seeded - started} ms, other project ${Date.now() - seeded} ms`);
    const [supplier, tagger, inspector, client] = await Promise.all([
      signIn(platform, 'supplier@example.com', 'Demo@2026', 2),
      signIn(platform, 'tagger@example.com', 'Demo@2026', 1),
      signIn(platform, 'inspector@example.com', 'Demo@2026', 1),
      signIn(platform, 'client@example.com', 'Demo@2026', 3),
    ]);
    const auditor = await createAuditor(platform, demo.admin, [demo.projectId]);
    tokens = { supplier, tagger, inspector, client, auditor: auditor.token };
    // From here on only the attempts could write, so any event after this point is one of them.
    await platform.worker?.close();
    platform.worker = null;
  }, 300_000);
  afterAll(async () => platform?.stop());

  it('answers 403 or 404 to every route aimed at the other project’s objects, leaks none of them, and writes nothing', async () => {
    const started = Date.now();
    const report = await fuzzAccess(platform, tokens, ids);
    console.info(`access fuzz: ${report.routes} routes, ${report.attempts} attempts in ${Date.now() - started} ms`);
    expect(report.routes).toBeGreaterThan(100);
    expect(report.findings.map((f) => `${f.role} ${f.route}: ${f.problem}`).slice(0, 40)).toEqual([]);
    expect(report.written).toEqual([]);
  }, 300_000);
});
