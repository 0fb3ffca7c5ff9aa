import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { spawnGroup } from '../../scripts/process-group.js';
import { TSX_NODE_ARGS } from '../../scripts/packaging/source-condition.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Starts the real entry point (what `npm start` runs) on a free port, in a process group of its own, and waits for its startup line. */
async function start(env: Record<string, string>) {
  const group = spawnGroup(process.execPath, [...TSX_NODE_ARGS, 'server/http/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', BCRYPT_ROUNDS: '4', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const { child } = group;
  let out = '';
  child.stdout!.on('data', (chunk) => (out += chunk));
  child.stderr!.on('data', (chunk) => (out += chunk));
  const deadline = Date.now() + 20_000;
  while (!/listening on (http:\/\/\S+)/.test(out)) {
    if (Date.now() > deadline || child.exitCode !== null) {
      await group.stop();
      throw new Error(`server did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { child, stop: () => group.stop(), url: /listening on (http:\/\/\S+)/.exec(out)![1]!, output: () => out };
}

describe('the server process', () => {
  it('says where it listens, warns about default secrets, and exits cleanly on SIGTERM', async () => {
    const server = await start({});
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const status = await (await fetch(`${server.url}/api/status`)).json();
      expect(status.statuses[0].status).toBe('ok');
      // Warnings go to stderr, a separate pipe: checked after a round trip so they have arrived.
      expect(server.output()).toMatch(/warning: using the default API key/);
      expect(server.output()).toMatch(/warning: using the default owner password/);
      expect(server.output()).toMatch(/warning: using the default JWT secret/);
      server.child.kill('SIGTERM');
      const [code] = await once(server.child, 'exit');
      expect(code).toBe(0);
      expect(server.output()).toMatch(/GET \/api\/status 200 ok/);
    } finally {
      await server.stop();
    }
  });

  it('answers with HTTP error codes by default with HTTP_ERROR_CODES=1', async () => {
    const server = await start({ HTTP_ERROR_CODES: '1' });
    try {
      const wrongKey = await fetch(`${server.url}/api/pipelines`, { headers: { 'X-API-KEY': 'nope' } });
      expect(wrongKey.status).toBe(401);
      expect(await wrongKey.json()).toMatchObject({ error: { code: 401, type: 'invalid_api_key' }, status: 401 });
    } finally {
      await server.stop();
    }
  });

  it('reads API_KEY, JWT_SECRET, the default owner and REQUIRE_USER_AUTHENTICATION from the environment', async () => {
    const server = await start({
      API_KEY: 'custom-key',
      JWT_SECRET: 's3cret',
      DEFAULT_OWNER_EMAIL: 'boss@corp.io',
      DEFAULT_OWNER_PASSWORD: 'hunter22',
      REQUIRE_USER_AUTHENTICATION: '1',
    });
    try {
      const login = await fetch(`${server.url}/api/sessions`, {
        method: 'POST',
        headers: { 'X-API-KEY': 'custom-key' },
        body: JSON.stringify({ session: { email: 'boss@corp.io', password: 'hunter22' } }),
      });
      expect((await login.json()).session.user.owner).toBe(true);
      const wrongKey = await fetch(`${server.url}/api/pipelines`, { headers: { 'X-API-KEY': 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2' } });
      expect((await wrongKey.json()).error.type).toBe('invalid_api_key');
      expect(server.output()).not.toMatch(/warning/);
    } finally {
      await server.stop();
    }
  });

  it('npm start: a SIGTERM to npm reaches the server, which has stopped by the time npm exits', async () => {
    // npm signals its script's shell, and a shell running a command does not pass the signal on: it dies, and the
    // server would go on without it. The kit's script, without its build (that would rebuild the dist other tests
    // run), in a package of its own beside the kit's server and node_modules (its Node, on npm's PATH).
    const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    const serve = /^npm run build:js [^&]*&& (.+)$/.exec(scripts.start!)?.[1];
    expect(serve).toMatch(/server\/dist\/pipeline-api-server\.js$/);
    const dir = mkdtempSync(join(tmpdir(), 'npm-start-'));
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'npm-start-probe', private: true, scripts: { start: serve } }));
    symlinkSync(join(root, 'server'), join(dir, 'server'));
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
    const group = spawnGroup('npm', ['start', '--silent', '--', '--port', '0', '--quiet'], {
      cwd: dir,
      env: { ...process.env, BCRYPT_ROUNDS: '4', npm_config_update_notifier: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const { child } = group;
      let out = '';
      child.stdout!.on('data', (chunk) => (out += chunk));
      child.stderr!.on('data', (chunk) => (out += chunk));
      for (let waited = 0; !/listening on (http:\/\/\S+)/.test(out); waited += 50) {
        if (waited > 30_000 || child.exitCode !== null) throw new Error(`the server did not start:\n${out}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      const url = /listening on (http:\/\/\S+)/.exec(out)![1]!;
      expect((await fetch(`${url}/api/status`)).status).toBe(200);
      child.kill('SIGTERM'); // npm alone, as `kill <pid>`, `docker stop` or a process manager would
      await once(child, 'exit');
      const after = await fetch(`${url}/api/status`).then(
        () => 'still answering',
        (error: Error & { cause?: { code?: string } }) => error.cause?.code,
      );
      expect(after).toBe('ECONNREFUSED');
      expect(out).toContain('SIGTERM received: closing');
    } finally {
      await group.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
