import { describe, expect, it } from 'vitest';
import { MAGE_PUBLIC_API_KEY } from '@pipeline-api/core';
import { createInProcessMock } from '@pipeline-api/mocks/in-process';
import { createClient, type Fetch } from '@pipeline-api/sdk';
import { targetBackend } from '../backend.js';
import { createToolbox, type Access } from '../mcp-server.js';
import { requestCheck } from '../request-guard.js';
import { MAX_RESULT_BYTES } from '../results.js';

const URL_BASE = 'http://mage.test';
const OWNER = { email: 'admin@admin.com', password: 'admin' };

/** A target (the core in process) with pipeline `victim`, its block and its variable, and a toolbox over it. */
async function target(access: Access, options: { debug?: boolean } = {}) {
  const mock = createInProcessMock({ baseUrl: URL_BASE });
  const setup = createClient({ baseUrl: URL_BASE, apiKey: MAGE_PUBLIC_API_KEY, fetch: mock.fetch });
  await setup.sessions.login(OWNER);
  await setup.pipelines.create({ name: 'victim' });
  await setup.pipelines.blocks.create('victim', { name: 'load', type: 'data_loader' });
  await setup.pipelineVariables.create('victim', { name: 'region', value: 'eu' });
  const backend = await targetBackend(URL_BASE, { apiKey: MAGE_PUBLIC_API_KEY, ...OWNER }, mock.fetch);
  const logs: string[] = [];
  const toolbox = createToolbox({ backend, access, log: (line) => logs.push(line), ...options });
  return { toolbox, backend, setup, logs };
}

const text = (result: { content: { text: string }[] }) => result.content[0]!.text;

describe('the MCP server with --allow-writes naming one resource, against climbing path arguments', () => {
  const access: Access = { readOnly: false, allowWrites: new Set(['blocks', 'variables']) };

  it('refuses ".." and "." unsent, and the pipeline they would reach stays', async () => {
    const { toolbox, setup } = await target(access);
    const calls: [string, Record<string, unknown>][] = [
      ['pipeline_variables_delete', { pipeline_uuid: 'victim', name: '..' }],
      ['pipelines_blocks_delete', { pipeline_uuid: 'victim', block_uuid: '..' }],
      ['pipelines_blocks_update', { pipeline_uuid: 'victim', block_uuid: '.', block: { name: 'x' } }],
      ['pipeline_variables_update', { pipeline_uuid: 'victim', name: '..', variable: { value: 'x' } }],
    ];
    for (const [name, args] of calls) {
      const result = await toolbox.call(name, args);
      expect(result.isError, name).toBe(true);
      expect(JSON.parse(text(result)), name).toMatchObject({ error: { type: 'PathParameterError' } });
    }
    expect((await setup.pipelines.detail('victim')).uuid).toBe('victim');
    expect(JSON.stringify(await setup.pipelineVariables.list('victim'))).toContain('"uuid":"region"');
  });

  it('sends encoded dots and slashes as the literal id they are: not found, nothing else touched', async () => {
    const { toolbox, setup } = await target(access);
    for (const block_uuid of ['%2e%2e', '%2E%2E', '../victim', '..%2f', '/', '\\..']) {
      const result = await toolbox.call('pipelines_blocks_delete', { pipeline_uuid: 'victim', block_uuid });
      expect(JSON.parse(text(result)), block_uuid).toMatchObject({ error: { type: 'record_not_found' } });
    }
    expect((await setup.pipelines.blocks.list('victim')).map((b) => b.uuid)).toEqual(['load']);
  });

  it('checks every request by the route its URL reaches before it leaves, whatever the tool meant', async () => {
    const { backend, setup } = await target(access);
    // The backend's own client is under the same check as every tool: a pipeline write is not sent.
    await expect(backend.client.pipelines.delete('victim')).rejects.toMatchObject({
      name: 'RequestRefusedError',
      message: expect.stringContaining('would change pipelines'),
    });
    await expect(backend.client.pipelines.update('victim', { name: 'renamed' })).rejects.toMatchObject({ name: 'RequestRefusedError' });
    expect((await setup.pipelines.detail('victim')).uuid).toBe('victim');
    // The allowed resource still goes through.
    expect((await backend.client.pipelines.blocks.update('victim', 'load', { color: 'blue' })).uuid).toBe('load');
  });

  it('reads the route from the URL as it will go out: dot segments resolved, paths outside the contract refused', () => {
    const check = requestCheck((resource) => resource === 'blocks');
    expect(check('DELETE', new URL(`${URL_BASE}/api/pipelines/victim/blocks/load`))).toBeUndefined();
    expect(check('DELETE', new URL(`${URL_BASE}/api/pipelines/victim/blocks/..`))).toContain('would change pipelines');
    expect(check('DELETE', new URL(`${URL_BASE}/api/pipelines/victim/blocks/%2e%2e`))).toContain('would change pipelines');
    expect(check('PUT', new URL(`${URL_BASE}/api/pipelines/victim/`))).toContain('would change pipelines');
    expect(check('POST', new URL(`${URL_BASE}/api/sessions`))).toBeUndefined();
    expect(check('GET', new URL(`${URL_BASE}/api/pipelines/victim`))).toBeUndefined();
    expect(check('GET', new URL(`${URL_BASE}/elsewhere`))).toContain('no route');
  });
});

describe('every MCP result is bounded, errors included', () => {
  it('an invalid-arguments error over thousands of bad items lists 20 and counts the rest, under 64 KB on the wire', async () => {
    const { toolbox } = await target({ readOnly: true, allowWrites: new Set() });
    const result = await toolbox.call('pipeline_runs_list', { status: Array.from({ length: 5000 }, () => 12345) });
    expect(result.isError).toBe(true);
    const wire = Buffer.byteLength(JSON.stringify({ jsonrpc: '2.0', id: 1, result }));
    expect(wire).toBeLessThanOrEqual(MAX_RESULT_BYTES + 64);
    expect(text(result)).toMatch(/and 49\d\d more issues/);
  });
});

describe('the MCP log never carries an argument', () => {
  /** A target that answers every API call with an HTML page (a login portal, a wrong port). */
  const htmlTarget: Fetch = async () => new Response('<!doctype html><title>Sign in</title>', { headers: { 'Content-Type': 'text/html' } });

  const failing = async (debug: boolean) => {
    const backend = await targetBackend(URL_BASE, { apiKey: 'target-key-1234567890' }, htmlTarget);
    const logs: string[] = [];
    const toolbox = createToolbox({ backend, access: { readOnly: true, allowWrites: new Set() }, log: (line) => logs.push(line), debug });
    const detail = await toolbox.call('pipelines_detail', { uuid: 'argument-value-in-url' });
    const download = await toolbox.call('pipelines_block_outputs_download', {
      uuid: 'p',
      block_uuid: 'b',
      pipeline_run_id: 1,
      token: 'token-argument-abcdef',
    });
    return { logs, results: [detail, download] };
  };

  it('logs a failure without an answer by its class only: no argument, no URL, no stack trace', async () => {
    const { logs, results } = await failing(false);
    for (const result of results) expect(result.isError).toBe(true);
    const joined = logs.join('\n');
    expect(joined).toContain('[mcp] pipelines_detail failed: NotTheApiError');
    expect(joined).not.toContain('argument-value-in-url');
    expect(joined).not.toContain('token-argument-abcdef');
    expect(joined).not.toContain('http://');
    expect(joined).not.toMatch(/\n\s+at /);
  });

  it('--debug shows the message and the stack trace, credentials still masked', async () => {
    const { logs } = await failing(true);
    const joined = logs.join('\n');
    expect(joined).toContain('argument-value-in-url');
    expect(joined).toMatch(/\n\s+at /);
    expect(joined).not.toContain('target-key-1234567890');
  });
});
