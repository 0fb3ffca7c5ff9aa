/**
 * docs/server.md's "in another project" lines as a user runs them, in a throwaway app beside
 * `pipeline-api-kit/packed` (the packed tarballs): every line but the last installs and copies (npm from the
 * registry for the server's own dependencies), then the app's package.json is read (the SDK stays a dependency),
 * and the last line, the command, starts seeded from the shipped fixtures file. The installed app is made once per
 * tarball content and commands (consumer-app.ts's folder); the command's data directory is removed after each run.
 */
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@pipeline-api/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { spawnGroup } from '../../scripts/process-group.js';
import { consumerEnv } from '../../scripts/packaging/consumer-env.js';
import { SERVER_COMMAND_LINE, serverPageApp } from './server-page-app.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const commandLine = SERVER_COMMAND_LINE;

let app: string;
let installOutput: string;
beforeAll(async () => {
  ({ app, output: installOutput } = await serverPageApp());
}, 500_000);

describe('docs/server.md, the server in another project', () => {
  it('ships the example fixtures: the page’s own example, its $schema where the package puts the schema', () => {
    const shipped = JSON.parse(readFileSync(join(root, 'server/example-fixtures.json'), 'utf8')) as Record<string, unknown>;
    const example = JSON.parse(readFileSync(join(root, 'docs/examples/fixtures.json'), 'utf8')) as Record<string, unknown>;
    expect(shipped.$schema).toBe('./node_modules/@pipeline-api/server/fixtures.schema.json');
    expect({ ...shipped, $schema: null }).toEqual({ ...example, $schema: null });
    expect(commandLine).toBe('npx pipeline-api-server --fixtures fixtures.json --data .pipeline-data');
  });

  it('keeps the SDK in dependencies, the server with what it needs in devDependencies, and npm moves nothing', () => {
    const manifest = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
    expect(Object.keys(manifest.dependencies ?? {})).toEqual(['@pipeline-api/sdk']);
    expect(Object.keys(manifest.devDependencies ?? {}).sort()).toEqual(['@pipeline-api/contract', '@pipeline-api/core', '@pipeline-api/server']);
    expect(installOutput).not.toMatch(/Removing dependencies/);
    // The copy's $schema resolves from where the page puts it.
    const copied = JSON.parse(readFileSync(join(app, 'fixtures.json'), 'utf8')) as { $schema: string };
    expect(readFileSync(join(app, copied.$schema), 'utf8')).toContain('"$schema"');
  });

  it('starts the command seeded from the copied fixtures, with its generated secrets', async () => {
    rmSync(join(app, '.pipeline-data'), { recursive: true, force: true });
    // The page's line as it is; the port from the environment (the flag is not on the line), so runs never collide.
    const server = spawnGroup('bash', ['-c', commandLine], {
      cwd: app,
      env: { ...consumerEnv(), PORT: '0', BCRYPT_ROUNDS: '4' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.child.stdout!.on('data', (chunk) => (output += chunk));
    server.child.stderr!.on('data', (chunk) => (output += chunk));
    try {
      await expect.poll(() => /listening on http:\/\/\S+/.test(output) || server.child.exitCode !== null, { timeout: 60_000 }).toBe(true);
      const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
      expect(url, output).toBeDefined();
      const apiKey = /API key: +(\S+)/.exec(output)![1]!;
      const password = /owner password: +(\S+)/.exec(output)![1]!;
      const client = createClient({ baseUrl: url!, apiKey, maxRetries: 0 });
      await client.sessions.login({ email: 'admin@admin.com', password });
      expect((await client.pipelines.list()).map((p) => p.uuid).sort()).toEqual(['daily_sales', 'empty_pipeline']);
      expect((await client.pipelines.detail('daily_sales')).blocks?.map((b) => b.uuid)).toEqual(['load_orders', 'clean_orders']);
    } finally {
      await server.stop();
      rmSync(join(app, '.pipeline-data'), { recursive: true, force: true });
    }
  }, 90_000);

  it('serves MCP from the app’s copy of the command, as docs/mcp.md says an app can', async () => {
    const command = join(app, 'node_modules/@pipeline-api/server/dist/pipeline-api-server.js');
    expect(readFileSync(join(root, 'docs/mcp.md'), 'utf8')).toContain('/path/to/my-app/node_modules/@pipeline-api/server/dist/pipeline-api-server.js');
    const transport = new StdioClientTransport({ command: process.execPath, args: [command, 'mcp', '--read-only'], stderr: 'pipe' });
    const client = new Client({ name: 'docs-server-app', version: '1.0.0' });
    try {
      await client.connect(transport);
      const result = await client.callTool({ name: 'pipelines_list', arguments: {} });
      expect((result.structuredContent as { pipelines: { uuid: string }[] }).pipelines.map((p) => p.uuid)).toEqual(['daily_sales', 'hourly_metrics']);
    } finally {
      await client.close();
    }
  }, 120_000);
});
