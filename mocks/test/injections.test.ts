import { describe, expect, it } from 'vitest';
import type { RouteId } from '@pipeline-api/contract';
import { createInProcessMock } from '../src/in-process-entry.js';

describe('inject() refuses an unknown route id at run time', () => {
  it('a misspelt id from JavaScript: a TypeError naming the closest ids, nothing armed', async () => {
    const mock = createInProcessMock({ baseUrl: 'http://127.0.0.1:6789' });
    // JavaScript has no types to stop it: the cast stands for a plain .js caller.
    const misspelt = 'pipelines.lits' as RouteId;
    expect(() => mock.inject(misspelt, { status: 503 })).toThrow(TypeError);
    expect(() => mock.inject(misspelt, { status: 503 })).toThrow(
      'inject("pipelines.lits"): no route has this id. Closest: pipelines.list, pipelines.delete, pipelineRuns.list. Route ids are the contract\'s, e.g. pipelines.list.',
    );
    expect(() => mock.inject(undefined as unknown as RouteId, { status: 503 })).toThrow(/^inject\(undefined\): no route has this id/);
    // Nothing was armed: the next status call answers normally.
    expect((await mock.fetch('http://127.0.0.1:6789/api/status')).status).toBe(200);
  });

  it('a known id is armed as before', async () => {
    const mock = createInProcessMock({ baseUrl: 'http://127.0.0.1:6789' });
    mock.inject('statuses.health', { status: 503 });
    expect((await mock.fetch('http://127.0.0.1:6789/api/status')).status).toBe(503);
  });
});
