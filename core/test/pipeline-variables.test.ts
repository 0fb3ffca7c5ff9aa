import { describe, expect, it } from 'vitest';
import { isPythonIdentifier, pythonTypeName, runVariables } from '../src/model/pipeline-variables.js';
import { seedFixtures } from '../src/fixtures/seed.js';
import { session } from './ui-resources-helpers.js';

describe('pipeline global variables', () => {
  it("answers Mage 0.9.80's recorded answers (variables-*.json): the global group, a create, an update, the list after", async () => {
    const s = await session();
    await s.call('POST', '/api/pipelines', { token: s.owner, body: { pipeline: { name: 'ui probe' } } });
    expect((await s.call('GET', '/api/pipelines/ui_probe', { token: s.owner })).pipeline.variables).toBeUndefined();
    const before = await s.call('GET', '/api/pipelines/ui_probe/variables', { token: s.owner, query: { global_only: 'true' } });
    expect(before.variables).toEqual([{ block: { uuid: 'global' }, name: null, pipeline: { uuid: 'ui_probe' }, value: null, variables: [] }]);
    const created = await s.call('POST', '/api/pipelines/ui_probe/variables', { token: s.owner, body: { variable: { name: 'region', value: 'eu-west-1' } } });
    expect(created.variable).toEqual({ block: { uuid: 'global' }, name: 'region', pipeline: { uuid: 'ui_probe' }, value: 'eu-west-1', variables: ['region'] });
    const updated = await s.call('PUT', '/api/pipelines/ui_probe/variables/region', {
      token: s.owner,
      body: { variable: { name: 'region', value: 'us-east-2' } },
    });
    expect(updated.variable.value).toBe('us-east-2');
    const after = await s.call('GET', '/api/pipelines/ui_probe/variables', { token: s.owner, query: { global_only: 'true' } });
    expect(after.variables[0].variables).toEqual([{ uuid: 'region', type: "<class 'str'>", value: 'us-east-2' }]);
    // The pipeline shows them too, by name, once one is set (Mage's metadata.yaml `variables`).
    expect((await s.call('GET', '/api/pipelines/ui_probe', { token: s.owner })).pipeline.variables).toEqual({ region: 'us-east-2' });
    // Without global_only the same group: the kit keeps no block output variables.
    expect((await s.call('GET', '/api/pipelines/ui_probe/variables', { token: s.owner })).variables).toEqual(after.variables);
  });

  it("shows each JSON type as Python's type name", async () => {
    expect([1, 1.5, 'a', true, [1], { a: 1 }, null].map(pythonTypeName)).toEqual([
      "<class 'int'>",
      "<class 'float'>",
      "<class 'str'>",
      "<class 'bool'>",
      "<class 'list'>",
      "<class 'dict'>",
      "<class 'NoneType'>",
    ]);
  });

  it("refuses names Python's isidentifier() refuses, and empty values, in Mage's words; nothing is stored", async () => {
    const s = await session();
    await s.call('POST', '/api/pipelines', { token: s.owner, body: { pipeline: { name: 'p' } } });
    const bad = await s.call('POST', '/api/pipelines/p/variables', { token: s.owner, body: { variable: { name: '1 bad', value: 'x' } } });
    expect(bad.error).toEqual({ code: 400, message: 'Invalid variable name syntax for variable name 1 bad.', type: 'record_invalid' });
    const empty = await s.call('POST', '/api/pipelines/p/variables', { token: s.owner, body: { variable: { name: 'ok', value: null } } });
    // The contract states a value is never null: refused as the schema says, before Mage's words (a missing value).
    expect(empty.error).toMatchObject({ code: 400, type: 'record_invalid', errors: [{ path: 'variable.value' }] });
    const missing = await s.call('POST', '/api/pipelines/p/variables', { token: s.owner, body: { variable: { name: 'ok' } } });
    expect(missing.error).toMatchObject({ code: 400, type: 'record_invalid', errors: [{ path: 'variable.value' }] });
    await s.call('POST', '/api/pipelines/p/variables', { token: s.owner, body: { variable: { name: 'k', value: 1 } } });
    // An update names the path's variable in its message, as Mage.
    const badRename = await s.call('PUT', '/api/pipelines/p/variables/k', { token: s.owner, body: { variable: { name: 'a-b', value: 1 } } });
    expect(badRename.error.message).toBe('Invalid variable name syntax for variable name k.');
    const list = await s.call('GET', '/api/pipelines/p/variables', { token: s.owner });
    expect(list.variables[0].variables).toEqual([{ uuid: 'k', type: "<class 'int'>", value: 1 }]);
    for (const name of ['_', 'a1', 'données', '__proto__', 'Ω']) expect(isPythonIdentifier(name), name).toBe(true);
    for (const name of ['', '1a', 'a b', 'a-b', 'a.b', '$x', 'é!']) expect(isPythonIdentifier(name), name).toBe(false);
  });

  it('keeps names in order (as Mage, which sorts them); renames on an update with another name; unknown names are 404; a delete answers the names left', async () => {
    const s = await session();
    await s.call('POST', '/api/pipelines', { token: s.owner, body: { pipeline: { name: 'p' } } });
    for (const [name, value] of [
      ['c', 3],
      ['a', 1],
      ['b', 2],
    ] as const) {
      await s.call('POST', '/api/pipelines/p/variables', { token: s.owner, body: { variable: { name, value } } });
    }
    const renamed = await s.call('PUT', '/api/pipelines/p/variables/b', { token: s.owner, body: { variable: { name: 'bee', value: 20 } } });
    expect(renamed.variable.variables).toEqual(['a', 'bee', 'c']);
    expect(
      (await s.call('PUT', '/api/pipelines/p/variables/bee', { token: s.owner, body: { variable: { name: 'z', value: 20 } } })).variable.variables,
    ).toEqual(['a', 'c', 'z']);
    expect((await s.call('PUT', '/api/pipelines/p/variables/b', { token: s.owner, body: { variable: { value: 1 } } })).error.code).toBe(404);
    expect((await s.call('DELETE', '/api/pipelines/p/variables/zzz', { token: s.owner })).error.code).toBe(404);
    const deleted = await s.call('DELETE', '/api/pipelines/p/variables/a', { token: s.owner });
    expect(deleted.variable).toMatchObject({ name: 'a', value: 1, variables: ['c', 'z'] });
    // `__proto__` is a Python identifier: it is stored as a name like any other.
    await s.call('POST', '/api/pipelines/p/variables', { token: s.owner, body: { variable: { name: '__proto__', value: { x: 1 } } } });
    const list = await s.call('GET', '/api/pipelines/p/variables', { token: s.owner });
    expect(list.variables[0].variables.map((v: { uuid: string }) => v.uuid)).toEqual(['__proto__', 'c', 'z']);
  });

  it('caps the count per pipeline and the bytes of their JSON, with clear errors and nothing changed', async () => {
    const s = await session();
    await s.call('POST', '/api/pipelines', { token: s.owner, body: { pipeline: { name: 'p' } } });
    for (let i = 0; i < 100; i++) await s.call('POST', '/api/pipelines/p/variables', { token: s.owner, body: { variable: { name: `v${i}`, value: i } } });
    const over = await s.call('POST', '/api/pipelines/p/variables', { token: s.owner, body: { variable: { name: 'one_more', value: 1 } } });
    expect(over.error.message).toContain('at most 100 global variables');
    // Overwriting one that exists is not one more.
    expect((await s.call('POST', '/api/pipelines/p/variables', { token: s.owner, body: { variable: { name: 'v0', value: 'x' } } })).variable.value).toBe('x');
    const big = await s.call('POST', '/api/pipelines/p/variables', { token: s.owner, body: { variable: { name: 'v1', value: 'x'.repeat(70_000) } } });
    expect(big.error).toMatchObject({ code: 413 });
    expect(big.error.message).toContain('MAX_RUN_VARIABLES_BYTES');
    const list = await s.call('GET', '/api/pipelines/p/variables', { token: s.owner });
    expect(list.variables[0].variables).toHaveLength(100);
    expect(list.variables[0].variables[1].value).toBe(1);
  });

  it('viewers read, editors write; variables follow a renamed pipeline and go with a deleted one', async () => {
    const s = await session();
    const viewer = await s.userWithRole('viewer');
    const editor = await s.userWithRole('editor');
    await s.call('POST', '/api/pipelines', { token: s.owner, body: { pipeline: { name: 'p' } } });
    expect((await s.call('POST', '/api/pipelines/p/variables', { token: viewer, body: { variable: { name: 'k', value: 1 } } })).error.code).toBe(403);
    expect((await s.call('POST', '/api/pipelines/p/variables', { token: editor, body: { variable: { name: 'k', value: 1 } } })).variable.name).toBe('k');
    expect((await s.call('GET', '/api/pipelines/p/variables', { token: viewer, query: { global_only: 'true' } })).variables[0].variables).toHaveLength(1);
    expect((await s.call('DELETE', '/api/pipelines/p/variables/k', { token: viewer })).error.code).toBe(403);
    await s.call('PUT', '/api/pipelines/p', { token: s.owner, body: { pipeline: { name: 'q' } } });
    expect((await s.call('GET', '/api/pipelines/q/variables', { token: viewer })).variables[0]).toMatchObject({
      pipeline: { uuid: 'q' },
      variables: [{ uuid: 'k' }],
    });
    await s.call('DELETE', '/api/pipelines/q', { token: s.owner });
    await s.call('POST', '/api/pipelines', { token: s.owner, body: { pipeline: { name: 'q' } } });
    expect((await s.call('GET', '/api/pipelines/q/variables', { token: viewer })).variables[0].variables).toEqual([]);
  });
});

describe('pipeline fixtures', () => {
  it('set global variables through the same route, and refuse a bad name naming the fixture', async () => {
    const s = await session();
    await seedFixtures(s.api, { pipelines: [{ name: 'seeded', variables: { region: 'eu', limit: 5 } }] });
    const list = await s.call('GET', '/api/pipelines/seeded/variables', { token: s.owner });
    expect(list.variables[0].variables).toEqual([
      { uuid: 'limit', type: "<class 'int'>", value: 5 },
      { uuid: 'region', type: "<class 'str'>", value: 'eu' },
    ]);
    await expect(seedFixtures(s.api, { pipelines: [{ name: 'bad', variables: { 'no good': 1 } }] })).rejects.toThrow(
      /variables\.no good.*Invalid variable name syntax/s,
    );
  });
});

describe("a run's variables", () => {
  it("inherit the pipeline's globals under the trigger's and the run's own: the run's log shows what its blocks read", async () => {
    const s = await session();
    const post = (path: string, body: unknown) => s.call('POST', path, { token: s.owner, body });
    await post('/api/pipelines', { pipeline: { name: 'p' } });
    await post('/api/pipelines/p/blocks', { block: { name: 'load', type: 'data_loader' } });
    for (const [name, value] of [
      ['region', 'eu'],
      ['limit', 10],
      ['mode', 'full'],
    ] as const)
      await post('/api/pipelines/p/variables', { variable: { name, value } });
    const trigger = (
      await post('/api/pipelines/p/pipeline_schedules', {
        pipeline_schedule: { name: 'hook', schedule_type: 'api', status: 'active', variables: { limit: 20, mode: 'delta' } },
      })
    ).pipeline_schedule;
    const run = (await post(`/api/pipeline_schedules/${trigger.id}/pipeline_runs`, { pipeline_run: { variables: { mode: 'replay' } } })).pipeline_run;
    // The run keeps the variables it was sent, as Mage stores them; the merge is what its blocks read.
    expect(run.variables).toMatchObject({ mode: 'replay' });
    expect(run.variables).not.toHaveProperty('region');
    s.advance(5000);
    const logs = await s.call('GET', '/api/pipelines/p/logs', { token: s.owner });
    const line = logs.logs[0].pipeline_run_logs[0].content.split('\n').find((l: string) => l.includes('variables:'));
    // Each line as Mage's logger writes it: the time, a space, the JSON entry.
    const entry = JSON.parse(line.slice(line.indexOf(' ') + 1));
    const shown = JSON.parse(entry.message.replace(/^Pipeline run \d+ variables: /, ''));
    expect(shown).toMatchObject({ region: 'eu', limit: 20, mode: 'replay', env: 'prod', trigger_name: 'hook', pipeline_run_id: run.id });
  });

  it("are Mage's get_variables: globals, under the trigger's, under the run's own; event variables fill the gaps", () => {
    const variables = runVariables({
      globals: [
        { name: 'region', value: 'eu' },
        { name: 'limit', value: 10 },
        { name: 'mode', value: 'full' },
      ],
      trigger: { limit: 20, mode: 'delta' },
      trigger_name: 'nightly',
      run: {
        id: 7,
        variables: { mode: 'replay', execution_partition: '1/x' },
        event_variables: { region: 'us', source: 's3' },
        execution_date: Date.UTC(2026, 0, 2, 3),
      },
      executionDate: '2026-01-02 03:00:00.000000+00:00',
    });
    expect(variables).toEqual({
      region: 'eu',
      limit: 20,
      mode: 'replay',
      execution_partition: '1/x',
      source: 's3',
      ds: '2026-01-02',
      hr: '03',
      env: 'prod',
      event: { region: 'us', source: 's3' },
      execution_date: '2026-01-02 03:00:00.000000+00:00',
      pipeline_run_id: 7,
      trigger_name: 'nightly',
    });
  });
});
