// How a test run chooses its PostgreSQL, Redis and S3-compatible store: TEST_SERVICES forces one, and unset, an
// engine that does not answer costs a line of output and a fall back to the next choice, not the run.
import { afterEach, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { composeImage } from '../support/containers';
import { startTestServices } from '../support/test-services';

const names = ['TEST_SERVICES', 'DOCKER_HOST', 'DATABASE_URL', 'REDIS_URL'] as const;
const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
afterEach(() => {
  for (const name of names) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

/** Sets these variables and clears the others the choice reads. */
function environment(values: Partial<Record<(typeof names)[number], string>>): void {
  for (const name of names) {
    if (values[name] === undefined) delete process.env[name];
    else process.env[name] = values[name];
  }
}

const nowhere = 'unix:///nonexistent/docker.sock';

describe('choosing the test services', () => {
  it('refuses a TEST_SERVICES it does not know, naming the three it does', async () => {
    environment({ TEST_SERVICES: 'kubernetes' });
    await expect(startTestServices(() => undefined)).rejects.toThrow('TEST_SERVICES=kubernetes: choose one of containers, local, embedded');
  });

  it('fails a forced container run whose engine does not answer, naming the address it tried', async () => {
    environment({ TEST_SERVICES: 'containers', DOCKER_HOST: nowhere });
    await expect(startTestServices(() => undefined)).rejects.toThrow(`TEST_SERVICES=containers, but the containers did not start at ${nowhere}`);
  });

  it('fails a forced local run where nothing answers, saying which server is missing', async () => {
    environment({ TEST_SERVICES: 'local', DATABASE_URL: 'postgres://postgres@127.0.0.1:1/postgres' });
    await expect(startTestServices(() => undefined)).rejects.toThrow('TEST_SERVICES=local, but no PostgreSQL answers at 127.0.0.1:1');
  });

  it('falls back from an engine that does not answer to the servers the run itself uses, and says so', async () => {
    environment({ DOCKER_HOST: nowhere });
    const said: string[] = [];
    const services = await startTestServices((line) => said.push(line));
    await services.stop();
    expect(said[0]).toContain(`the containers did not start at ${nowhere}`);
    expect(['local', 'embedded']).toContain(services.kind);
    expect(said.at(-1)).toMatch(new RegExp(`^test services: ${services.kind} `));
  });
});

describe('the services this run uses', () => {
  it('are the compose file’s PostgreSQL and a MinIO of the run when they are containers, and s3rver per file otherwise', async () => {
    const client = new pg.Client({ connectionString: inject('postgresUrl') });
    await client.connect();
    const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
    await client.end();
    const containers = inject('testServices') === 'containers';
    if (containers) expect(rows[0].server_version.split('.')[0]).toBe(composeImage('postgres').split(':')[1]);
    expect(inject('s3Store') !== null).toBe(containers);
    expect(inject('dockerHost') !== null).toBe(containers);
  });
});
