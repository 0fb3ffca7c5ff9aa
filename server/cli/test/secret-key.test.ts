import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApi } from '../../../core/src/api.js';
import { sealerOf, secretsTable } from '../../../core/src/resources/secrets/table.js';
import { startProxy } from '../../proxy/proxy.js';
import { openSqliteStore } from '../../storage/sqlite-store.js';
import { parseSettings } from '../options.js';
import { SECRET_KEY_FILE } from '../secret-key.js';
import { startServer, type StartedServer } from '../server.js';

const API_KEY = 'test-key-4f9a1c7e2b8d';
const VALUE = 'grep-me-7c1e94b2-secret-value';
const dirs: string[] = [];
const running: StartedServer[] = [];

afterEach(async () => {
  for (const server of running.splice(0)) await server.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'secret-key-'));
  dirs.push(dir);
  return dir;
}

async function start(data: string, env: Record<string, string> = {}) {
  const lines: string[] = [];
  const out = { info: (l: string) => lines.push(l), warn: (l: string) => lines.push(l), requests: (t: string) => lines.push(t) };
  const settings = parseSettings(['--port', '0', '--host', '127.0.0.1', '--data', data, '--api-key', API_KEY, '--no-auth'], { BCRYPT_ROUNDS: '4', ...env });
  const server = await startServer(settings, out, (error) => lines.push(`fatal: ${error.message}`));
  running.push(server);
  const answers: string[] = [];
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(new URL(path, server.url), {
      method,
      headers: { 'X-API-KEY': API_KEY, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    answers.push(`${[...response.headers].join('\n')}\n${text}`);
    return JSON.parse(text);
  };
  const stop = async () => {
    running.splice(running.indexOf(server), 1);
    await server.close();
  };
  return { server, lines, answers, call, stop };
}

/** What the data directory's database holds, opened apart from any server, with the given key. */
async function openedWith(data: string, key: Uint8Array) {
  const store = openSqliteStore(data);
  try {
    const api = await createApi({ config: { bcryptRounds: 4 }, repo: store.repository, secretKey: key });
    const sealer = sealerOf(api.repo);
    return await Promise.all(
      secretsTable
        .in(api.repo)
        .list()
        .map(async (s) => ({ name: s.name, value: await sealer.unseal(s.name, s.sealed).catch((error: Error) => error) })),
    );
  } finally {
    store.close();
  }
}

const keyOf = (data: string) => new Uint8Array(Buffer.from(readFileSync(join(data, SECRET_KEY_FILE), 'utf8').trim(), 'base64url'));

describe('the secret key of a data directory', () => {
  it('is made once at first start (32 random bytes, mode 0600, apart from the database); a restart keeps it and the values', async () => {
    const data = tempDir();
    const first = await start(data);
    const path = join(data, SECRET_KEY_FILE);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const key = keyOf(data);
    expect(key).toHaveLength(32);
    expect((await first.call('POST', '/api/secrets', { secret: { name: 'db', value: VALUE } })).secret).toEqual({ id: 1, name: 'db' });
    await first.stop();

    const second = await start(data);
    expect(keyOf(data)).toEqual(key);
    expect((await second.call('GET', '/api/secrets')).secrets).toEqual([{ id: 1, name: 'db' }]);
    await second.stop();
    expect(await openedWith(data, key)).toEqual([{ name: 'db', value: VALUE }]);
  });

  it('SECRETS_KEY_FILE keeps it elsewhere', async () => {
    const data = tempDir();
    const elsewhere = join(tempDir(), 'mounted.key');
    const server = await start(data, { SECRETS_KEY_FILE: elsewhere });
    expect(existsSync(join(data, SECRET_KEY_FILE))).toBe(false);
    expect(statSync(elsewhere).mode & 0o777).toBe(0o600);
    await server.stop();
  });

  it('a start that finds sealed values but no key file is refused, naming the file', async () => {
    const data = tempDir();
    const first = await start(data);
    await first.call('POST', '/api/secrets', { secret: { name: 'db', value: VALUE } });
    await first.stop();
    rmSync(join(data, SECRET_KEY_FILE));
    await expect(start(data)).rejects.toThrow(new RegExp(`${join(data, SECRET_KEY_FILE)} is missing.*1 sealed secret value`));
    expect(existsSync(join(data, SECRET_KEY_FILE))).toBe(false); // no new key was made over the lost one
  });

  it('a database copied to a directory with another key yields no value, and nothing fails', async () => {
    const a = tempDir();
    const first = await start(a);
    await first.call('POST', '/api/secrets', { secret: { name: 'db', value: VALUE } });
    await first.stop();
    const b = tempDir();
    await (await start(b)).stop(); // a directory of its own, with its own key
    for (const name of readdirSync(a)) if (name.startsWith('pipeline-api.sqlite')) copyFileSync(join(a, name), join(b, name));
    expect(keyOf(b)).not.toEqual(keyOf(a));

    const copy = await start(b);
    expect(await copy.call('GET', '/api/secrets')).toMatchObject({ secrets: [], metadata: { count: 0 } });
    expect((await copy.call('DELETE', '/api/secrets/db')).error).toMatchObject({ code: 404 });
    await copy.stop();
    const opened = await openedWith(b, keyOf(b));
    expect(opened).toHaveLength(1);
    expect(opened[0]!.value).toMatchObject({ name: 'SecretUnsealError', reason: 'other_key' });
    expect(JSON.stringify(opened)).not.toContain(VALUE);
  });

  it('refuses a key file that is not a key', async () => {
    const data = tempDir();
    writeFileSync(join(data, SECRET_KEY_FILE), 'not a key\n', { mode: 0o600 });
    await expect(start(data)).rejects.toThrow(/is not a secret key/);
  });
});

describe('a secret’s value, searched for everywhere the kit writes', () => {
  it('is in no answer, request log line, proxy recording or file of the data directory', async () => {
    const data = tempDir();
    const recordings = tempDir();
    const server = await start(data);
    const proxy = await startProxy({
      target: server.server.url,
      record: join(recordings, 'fixtures.json'),
      recordExchanges: join(recordings, 'exchanges.har'),
      log: (line) => server.lines.push(line),
    });
    const answers: string[] = [];
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(new URL(path, proxy.url), {
        method,
        headers: { 'X-API-KEY': API_KEY, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      answers.push(`${[...response.headers].join('\n')}\n${await response.text()}`);
    };
    await call('POST', '/api/secrets', { secret: { name: 'db', value: VALUE } });
    await call('POST', '/api/secrets', { secret: { name: 'db', value: VALUE } }); // taken: an error
    await call('POST', '/api/secrets', { secret: { name: 'bad-name', value: VALUE } });
    await call('POST', '/api/secrets', { secret: { name: 'big', value: VALUE.repeat(3000) } });
    await call('POST', '/api/secrets', { secret: { name: 'obj', value: { nested: VALUE } } });
    await call('POST', `/api/secrets?value=${VALUE}`, { secret: { name: 'q', value: 1 } });
    await call('GET', '/api/secrets');
    await call('GET', '/api/secrets?_format=everything');
    await call('DELETE', '/api/secrets/db');
    await proxy.close();
    await server.stop();

    expect(answers.length).toBe(9);
    const places: [string, string][] = [
      ['answers', answers.join('\n')],
      ['server output and request log', server.lines.join('\n')],
      ...readdirSync(recordings).map((name): [string, string] => [`recording ${name}`, readFileSync(join(recordings, name), 'latin1')]),
      // Every file of the data directory, the database included: it holds the value only sealed.
      ...readdirSync(data).map((name): [string, string] => [`data ${name}`, readFileSync(join(data, name), 'latin1')]),
    ];
    expect(places.some(([where]) => where === 'recording exchanges.har')).toBe(true);
    expect(places.some(([where]) => where.startsWith('data pipeline-api.sqlite'))).toBe(true);
    for (const [where, text] of places) expect(text.includes(VALUE), where).toBe(false);
  });
});
