// A write sent again with the same Idempotency-Key gets its first answer back, whatever changed since; fifty at once
// make one change and fifty equal answers.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { call, type Platform, startPlatform } from '../support/platform';
import { signInAdmin, signInInternal } from '../support/sign-in';
import { createPerson } from '../support/people';

const team = (name: string) => ({ name, organisationId: 'ORG-1', hiveId: '1000', size: 5, mobile: `${randomUUID().slice(0, 8)}@example.com` });

describe('Idempotency-Key', () => {
  let platform: Platform;
  let admin: string;

  const createTeam = (body: unknown, key: string, token = admin) => call(platform, 'POST', '/manage/teams', { token, body, headers: { 'idempotency-key': key } });
  const teamsNamed = async (name: string) => (await call(platform, 'GET', `/manage/teams?keyword=${encodeURIComponent(name)}`, { token: admin })).body.data.filter((t: { name: string }) => t.name === name);
  const teamEvents = async () =>
    Number((await sql<{ n: string }>`SELECT count(*)::text AS n FROM events WHERE stream_id LIKE 'team-%'`.execute(platform.database.db)).rows[0].n);

  beforeAll(async () => {
    platform = await startPlatform({ worker: false });
    admin = await signInAdmin(platform);
  });
  afterAll(async () => platform?.stop());

  it('answers a retry after success with the first answer, even once the name is free again', async () => {
    const body = team('Night shift');
    const first = await createTeam(body, 'retry-after-success');
    expect(first.status).toBe(200);
    // The team is renamed, so a second run of the command would now create another "Night shift".
    await call(platform, 'PATCH', `/manage/teams/${first.body.data.id}`, { token: admin, body: { ...body, name: 'Day shift' } });
    const events = await teamEvents();

    const retry = await createTeam(body, 'retry-after-success');
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await teamsNamed('Night shift')).toEqual([]);
    expect(await teamEvents()).toBe(events);
  });

  it('answers a retry after a refusal with the same refusal, even once the cause is gone', async () => {
    const taken = await createTeam(team('Weekend crew'), randomUUID());
    const body = team('Weekend crew');
    const refused = await createTeam(body, 'retry-after-refusal');
    expect(refused.status).toBe(400);
    expect(refused.body.data.fields[0].field).toBe('name');
    await call(platform, 'PATCH', `/manage/teams/${taken.body.data.id}`, { token: admin, body: { ...team('Weekend crew 2') } });

    const retry = await createTeam(body, 'retry-after-refusal');
    expect(retry.status).toBe(400);
    expect(retry.body).toEqual(refused.body);
    expect(await teamsNamed('Weekend crew')).toEqual([]);
  });

  it('refuses the same key with a different request, and changes nothing', async () => {
    await createTeam(team('Alpha crew'), 'one-key');
    const events = await teamEvents();
    const other = await createTeam(team('Beta crew'), 'one-key');
    expect(other.status).toBe(409);
    expect(other.body.errCode).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await teamsNamed('Beta crew')).toEqual([]);
    expect(await teamEvents()).toBe(events);
  });

  it('makes one team of fifty identical requests sent at once, and gives all fifty the same answer', async () => {
    const events = await teamEvents();
    const body = team('Rush crew');
    const answers = await Promise.all(Array.from({ length: 50 }, () => createTeam(body, 'fifty-at-once')));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(await teamsNamed('Rush crew')).toHaveLength(1);
    expect(await teamEvents()).toBe(events + 1);
  });

  it('keeps each caller’s keys apart', async () => {
    await createPerson(platform, admin, { role: '10', name: 'Key PM', account: 'key-pm@example.com', email: 'key-pm@example.com', password: 'Manage@123' });
    const pm = await signInInternal(platform, 'key-pm@example.com', 'Manage@123');
    const mine = await createTeam(team('Admin crew'), 'shared-key');
    const theirs = await createTeam(team('PM crew'), 'shared-key', pm);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.id).not.toBe(mine.body.data.id);
    expect(await teamsNamed('PM crew')).toHaveLength(1);
  });
});
