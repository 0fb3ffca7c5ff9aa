/**
 * docs/mcp.md's client configs as a person pastes them: each block tagged `mcp-client=<client>` is read from the
 * page (Claude Desktop's and Cursor's `mcpServers`, VS Code's `servers` with its prompted input, Claude Code's
 * `claude mcp add` line), the clone's path written where it says `/path/to/pipeline-api-kit` and the target's URL
 * where it says `http://127.0.0.1:6789`, and started by the official MCP client over stdio with only the environment
 * a client passes on. Each lists the tools its flags allow and answers `pipelines_list` from its target (Cursor's:
 * the sandbox).
 */
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@pipeline-api/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY, TestServer } from '../../server/test/harness.js';
import { codeBlocks } from './markdown.js';

const root = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
const PLACEHOLDER = '/path/to/pipeline-api-kit';
const DOC_TARGET = 'http://127.0.0.1:6789';
/** The target's owner, as the configs name them. */
const OWNER = { email: 'me@example.com', username: 'me', password: 'my password' };
/** What VS Code's prompt is answered with: the password of the owner above. */
const PROMPTED = new Map([['mage-password', OWNER.password]]);

interface Launch {
  command: string;
  args: string[];
  env: Record<string, string>;
}

const blocks = codeBlocks(readFileSync(join(root, 'docs/mcp.md'), 'utf8')).flatMap((block) => {
  const client = block.flags.find((flag) => flag.startsWith('mcp-client='))?.slice('mcp-client='.length);
  return client ? [{ client, block }] : [];
});

type ServerEntry = { type?: string; command: string; args?: string[]; env?: Record<string, string> };

const onlyEntry = (servers: Record<string, ServerEntry> | undefined): ServerEntry => {
  const entries = Object.values(servers ?? {});
  expect(entries).toHaveLength(1);
  return entries[0]!;
};

/** `mcpServers` of Claude Desktop, Claude Code's `.mcp.json` and Cursor. */
function fromMcpServers(text: string): Launch {
  const entry = onlyEntry((JSON.parse(text) as { mcpServers?: Record<string, ServerEntry> }).mcpServers);
  return { command: entry.command, args: entry.args ?? [], env: entry.env ?? {} };
}

/** VS Code's `servers`, its `${input:id}` answered as VS Code's prompt would be. */
function fromVsCode(text: string): Launch {
  const config = JSON.parse(text) as { inputs?: { id: string; type: string; password?: boolean }[]; servers?: Record<string, ServerEntry> };
  const entry = onlyEntry(config.servers);
  expect(entry.type).toBe('stdio');
  const env = Object.fromEntries(
    Object.entries(entry.env ?? {}).map(([name, value]) => [
      name,
      value.replace(/\$\{input:([\w-]+)\}/g, (_, id: string) => {
        const input = config.inputs?.find((i) => i.id === id);
        expect(input, `input ${id} is declared`).toMatchObject({ type: 'promptString', password: true });
        return PROMPTED.get(id) ?? '';
      }),
    ]),
  );
  return { command: entry.command, args: entry.args ?? [], env };
}

/** The words of a one-line shell command, single quotes as the shell reads them (`A='b c'` is one word, `A=b c`). */
const shellWords = (line: string) => [...line.trim().matchAll(/(?:'[^']*'|[^\s'])+/g)].map((m) => m[0].replace(/'([^']*)'/g, '$1'));

/** Claude Code's `claude mcp add [--transport stdio] [--env K=V]... <name> -- <command> <args...>`. */
function fromClaudeCode(text: string): Launch {
  const words = shellWords(text.replace(/\\\n/g, ' '));
  expect(words.slice(0, 3)).toEqual(['claude', 'mcp', 'add']);
  const separator = words.indexOf('--');
  expect(separator).toBeGreaterThan(3);
  const env: Record<string, string> = {};
  const options = words.slice(3, separator);
  for (let i = 0; i < options.length; i++) {
    if (options[i] === '--env') {
      const [name, ...value] = options[++i]!.split('=');
      env[name!] = value.join('=');
    } else if (options[i] === '--transport') expect(options[++i]).toBe('stdio');
  }
  expect(options.at(-1), 'the server name, last before --').toMatch(/^[\w-]+$/);
  const [command, ...args] = words.slice(separator + 1);
  return { command: command!, args, env };
}

const PARSE: Record<string, (text: string) => Launch> = {
  'claude-desktop': fromMcpServers,
  'claude-code': fromClaudeCode,
  cursor: fromMcpServers,
  vscode: fromVsCode,
};

/** The page's text with this clone and this target in place of its placeholders. */
const localized = (value: string, target: string) => value.replaceAll(PLACEHOLDER, root).replaceAll(DOC_TARGET, target);

let target: TestServer;
beforeAll(async () => {
  target = await TestServer.start({ config: { defaultOwner: OWNER } });
  const sdk = createClient({ baseUrl: target.url, apiKey: API_KEY });
  await sdk.sessions.login({ email: OWNER.email, password: OWNER.password });
  await sdk.pipelines.create({ name: 'on the target' });
});
afterAll(() => target?.close());

/** Starts the config with the official client, as a client does: its command, args and env, over stdio. */
async function started(launch: Launch) {
  const transport = new StdioClientTransport({
    command: localized(launch.command, target.url),
    args: launch.args.map((arg) => localized(arg, target.url)),
    // A client passes on HOME, PATH and the like, and the config's env. PATH here leads to no Node of the
    // workspace's: the config runs the Node it names.
    env: {
      ...launch.env,
      PATH: (process.env.PATH ?? '')
        .split(':')
        .filter((dir) => !dir.includes('node_modules'))
        .join(':'),
    },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'docs-mcp-clients', version: '1.0.0' });
  try {
    await client.connect(transport);
  } catch (error) {
    await client.close();
    throw new Error(`${(error as Error).message}\n--- stderr:\n${stderr}`, { cause: error });
  }
  return { client, stderr: () => stderr };
}

describe('docs/mcp.md, the client configs', () => {
  it('has one config for each client, all from the clone, none from the registry yet', () => {
    expect(blocks.map((b) => b.client).sort()).toEqual(['claude-code', 'claude-desktop', 'cursor', 'vscode']);
    for (const { client, block } of blocks) {
      expect(block.code, client).toContain(`${PLACEHOLDER}/server/dist/pipeline-api-server.js`);
      expect(block.code, client).not.toContain('@pipeline-api/server');
    }
    // Pasted into a shell, Claude Code's line must not run as one of the page's examples.
    expect(blocks.find((b) => b.client === 'claude-code')!.block.flags).toContain('setup');
  });

  // Side by side: each waits on a process of its own.
  it.for(blocks.map((b) => [b.client, b.block.code] as const))(
    '%s: starts, lists the tools its flags allow, lists pipelines',
    // Four commands start at once: on a loaded machine each takes its time.
    { concurrent: true, timeout: 120_000 },
    async ([name, code], { expect }) => {
      const launch = PARSE[name]!(code);
      const { client, stderr } = await started(launch);
      try {
        const tools = (await client.listTools()).tools;
        const names = tools.map((t) => t.name);
        const args = launch.args.join(' ');
        const againstTarget = args.includes('--target');
        if (args.includes('--read-only')) expect(tools.every((t) => t.annotations?.readOnlyHint === true)).toBe(true);
        else if (args.includes('--allow-writes pipeline_runs')) {
          expect(names).toContain('pipeline_runs_update');
          expect(names).not.toContain('pipelines_create');
        } else if (againstTarget) expect(names).not.toContain('pipelines_create');
        else expect(names).toContain('pipelines_create');

        const result = await client.callTool({ name: 'pipelines_list', arguments: { limit: 5 } });
        expect(result.isError, JSON.stringify(result.content)).not.toBe(true);
        const uuids = (result.structuredContent as { pipelines: { uuid: string }[] }).pipelines.map((p) => p.uuid);
        expect(uuids).toEqual(againstTarget ? ['on_the_target'] : ['daily_sales', 'hourly_metrics']);
        expect(stderr()).toContain('[mcp] pipelines_list ok');
        // The password never reaches a log line.
        expect(stderr()).not.toContain(OWNER.password);
      } finally {
        await client.close();
      }
    },
  );
});
