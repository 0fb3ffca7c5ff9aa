import { describe, expect, it } from 'vitest';
import { MAGE_PUBLIC_API_KEY } from '@pipeline-api/core';
import { createInProcessMock } from '@pipeline-api/mocks/in-process';
import { ExpiredOAuthTokenError } from '@pipeline-api/sdk';
import { sandboxBackend, targetBackend } from '../backend.js';
import { allTools, createToolbox, writableResources } from '../mcp-server.js';
import { McpUsageError, parseMcpSettings } from '../options.js';
import { listResult, MAX_RESULT_BYTES, recordResult } from '../results.js';

const URL = 'http://mage.test';

describe('the target backend', () => {
  it('logs in with the password it holds, and again once when the session expires; a token alone cannot', async () => {
    const mock = createInProcessMock({ baseUrl: URL, config: { tokenExpirySeconds: 60 } });
    const withPassword = await targetBackend(URL, { apiKey: MAGE_PUBLIC_API_KEY, email: 'admin@admin.com', password: 'admin' }, mock.fetch);
    const raw = withPassword.client.token!.raw!;
    const tokenOnly = await targetBackend(URL, { apiKey: MAGE_PUBLIC_API_KEY, token: raw }, mock.fetch);
    expect(await tokenOnly.withSession(() => tokenOnly.client.pipelines.list())).toEqual([]);
    mock.clock.advance(120_000);
    expect(await withPassword.withSession(() => withPassword.client.pipelines.list())).toEqual([]);
    expect(withPassword.client.token!.raw).not.toBe(raw);
    await expect(tokenOnly.withSession(() => tokenOnly.client.pipelines.list())).rejects.toBeInstanceOf(ExpiredOAuthTokenError);
    expect(withPassword.secrets()).toEqual(
      expect.arrayContaining([MAGE_PUBLIC_API_KEY, 'admin', withPassword.client.token!.raw, withPassword.client.token!.decoded]),
    );
  });

  it('masks its credentials in error messages too', async () => {
    const backend = await sandboxBackend();
    const [apiKey] = backend.secrets();
    const toolbox = createToolbox({ backend, access: { readOnly: false, allowWrites: 'all' } });
    const result = await toolbox.call('pipelines_detail', { uuid: apiKey });
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toContain('***');
    expect(result.content[0]!.text).not.toContain(apiKey);
  });
});

describe('results', () => {
  it('cut a list to what fits, and a record’s long strings, under the bound', () => {
    const items = Array.from({ length: 40 }, (_, id) => ({ id, text: 'y'.repeat(3000) }));
    const page = listResult('items', items, 10, false, []);
    const shown = (page.structuredContent!.items as unknown[]).length;
    expect(Buffer.byteLength(JSON.stringify(page))).toBeLessThanOrEqual(MAX_RESULT_BYTES);
    expect(shown).toBeGreaterThan(5);
    expect(page.structuredContent).toMatchObject({ next_offset: 10 + shown, truncated: expect.stringContaining(`continue with offset ${10 + shown}`) });
    const huge = listResult('logs', [{ content: 'l'.repeat(100_000) }, { content: 'm' }], 0, false, []);
    expect(Buffer.byteLength(JSON.stringify(huge))).toBeLessThanOrEqual(MAX_RESULT_BYTES);
    expect(huge.structuredContent).toMatchObject({ next_offset: 1, truncated: expect.stringContaining('strings over 2000 characters cut') });
    expect((huge.structuredContent!.logs as { content: string }[])[0]!.content).toMatch(/^l{2000}… \[98000 more characters\]$/);
    const record = recordResult({ block: { content: 'z'.repeat(200_000) } }, []);
    expect(Buffer.byteLength(JSON.stringify(record))).toBeLessThanOrEqual(MAX_RESULT_BYTES);
    expect(record.structuredContent).toMatchObject({ truncated: expect.any(String) });
  });
});

describe('pipeline-api-server mcp options', () => {
  const writable = writableResources(allTools());
  const parse = (argv: string[], env: Record<string, string> = {}) => parseMcpSettings(argv, env, writable);

  it('allow every write in the sandbox, none against a target unless --allow-writes names them', () => {
    expect(parse([]).access).toEqual({ readOnly: false, allowWrites: 'all' });
    expect(parse(['--target', 'http://mage:6789']).access).toEqual({ readOnly: false, allowWrites: new Set() });
    expect(parse(['--target', 'http://mage:6789', '--allow-writes', 'pipelines, pipeline_runs']).access.allowWrites).toEqual(
      new Set(['pipelines', 'pipeline_runs']),
    );
    expect(parse(['--read-only']).access).toEqual({ readOnly: true, allowWrites: 'all' });
    const fromEnv = parse([], { MAGE_URL: 'http://mage:6789', MAGE_EMAIL: 'a@b.c', MAGE_PASSWORD: 'pw', MAGE_API_KEY: 'key' });
    expect(fromEnv).toMatchObject({ target: 'http://mage:6789', credentials: { apiKey: 'key', email: 'a@b.c', password: 'pw' } });
    expect(parse(['--target', 'http://mage:6789', '--api-key', 'flag'], { MAGE_API_KEY: 'env' }).credentials.apiKey).toBe('flag');
  });

  it('refuse what cannot be meant, with a message naming it', () => {
    const refused = (argv: string[], message: RegExp) => {
      expect(() => parse(argv)).toThrow(McpUsageError);
      expect(() => parse(argv)).toThrow(message);
    };
    refused(['--allow-writes', 'pipelines,bogus'], /unknown resource bogus; the resources with write tools are .*pipelines/);
    refused(['--read-only', '--allow-writes', 'pipelines'], /contradict/);
    refused(['--api-key', 'k'], /credentials go with --target/);
    refused(['--target', 'http://mage', '--email', 'a@b.c'], /--email and --password go together/);
    refused(['--target', 'mage:6789'], /http\(s\) URL/);
    refused(['--port', '70000'], /--port/);
    refused(['--verbose'], /verbose/);
  });
});

describe('tools against a target', () => {
  it("advertise no output schema (a real Mage's answers are not the contract's field for field); the sandbox's do", async () => {
    const { Client, InMemoryTransport } = await import('@modelcontextprotocol/client');
    const { createMcpServer } = await import('../mcp-server.js');
    const mock = createInProcessMock({ baseUrl: URL });
    const listTools = async (backend: Awaited<ReturnType<typeof sandboxBackend>>) => {
      const server = createMcpServer(createToolbox({ backend, access: { readOnly: true, allowWrites: new Set() } }));
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await server.connect(serverSide);
      const client = new Client({ name: 'pipeline-api-tests', version: '1.0.0' });
      await client.connect(clientSide);
      const { tools } = await client.listTools();
      await client.close();
      await server.close();
      return tools.find((tool) => tool.name === 'pipelines_list')!;
    };
    const target = await targetBackend(URL, { apiKey: MAGE_PUBLIC_API_KEY, email: 'admin@admin.com', password: 'admin' }, mock.fetch);
    expect((await listTools(target)).outputSchema).toBeUndefined();
    const sandbox = await sandboxBackend();
    expect((await listTools(sandbox)).outputSchema).toMatchObject({ type: 'object' });
    await sandbox.close();
  });
});
