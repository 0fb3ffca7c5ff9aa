import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { TSX_NODE_ARGS } from '../../../scripts/packaging/source-condition.js';
import { root, startCli, type CliProcess } from '../../test/cli-process.js';

let cli: CliProcess | undefined;
let client: Client | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
  await cli?.stop();
  cli = undefined;
});

describe('pipeline-api-server mcp in its own process', () => {
  it('serves stdio to the official client: tools listed, a tool called, logs on stderr only', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [...TSX_NODE_ARGS, 'server/cli/bin.ts', 'mcp', '--read-only'],
      cwd: root,
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    client = new Client({ name: 'stdio-test', version: '1.0.0' });
    await client.connect(transport);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('pipelines_list');
    expect(tools.every((t) => t.annotations?.readOnlyHint === true)).toBe(true);
    const result = await client.callTool({ name: 'pipelines_list', arguments: { limit: 5 } });
    expect(result.isError).not.toBe(true);
    expect((result.structuredContent as { pipelines: { uuid: string }[] }).pipelines.map((p) => p.uuid)).toEqual(['daily_sales', 'hourly_metrics']);
    expect(stderr).toContain('on stdio');
    expect(stderr).toContain('[mcp] pipelines_list ok');
  });

  it('serves Streamable HTTP on 127.0.0.1, and refuses a foreign Origin and a foreign Host', async () => {
    cli = await startCli([], { entry: [...TSX_NODE_ARGS, 'server/cli/bin.ts', 'mcp', '--http'] });
    const url = new URL(cli.url);
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.pathname).toBe('/mcp');
    client = new Client({ name: 'http-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(url));
    const result = await client.callTool({ name: 'explain_failed_run', arguments: { run_id: 2 } });
    expect(result.structuredContent).toMatchObject({ failed_block_runs: [{ block_uuid: 'clean_orders' }] });

    const initialize = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'page', version: '1' } },
    });
    const post = (headers: Record<string, string>) =>
      fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
        body: initialize,
      });
    const foreign = await post({ Origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await foreign.text()).toContain('https://evil.example');
    // fetch sets Host itself: a raw request sends the name a DNS-rebinding page would.
    const rebinding = await new Promise<number>((resolve, reject) => {
      const req = request(url, { method: 'POST', headers: { Host: 'evil.example', 'Content-Type': 'application/json' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end(initialize);
    });
    expect(rebinding).toBe(403);
    const local = await post({ Origin: `http://localhost:${url.port}` });
    expect(local.status).toBe(200);
  });
});
