import { contract } from '@pipeline-api/contract';
import { checkAnswer, RouteTable } from '@pipeline-api/core';
import { describe, expect, it } from 'vitest';
import { explain } from '../known-differences.js';

const routes = new RouteTable(contract);

/** The ids the proxy gives the violations of one answer, in order. */
const labels = (routeId: string, body: unknown, query: Record<string, unknown> = {}) =>
  checkAnswer(routes.get(routeId), 200, body, { query }).map((issue) => `${issue.path} ${explain({ routeId, status: 200, issue, body }) ?? 'unexplained'}`);

describe('the known difference each violation is named by', () => {
  it("the API trigger URL's answer without metadata and status is trigger-url-metadata, not a list's or a success body's", () => {
    const run = { pipeline_run: { id: 1 } };
    for (const routeId of ['pipelineSchedules.pipelineRunsWithToken.create', 'pipelineSchedules.apiTrigger.create']) {
      const named = labels(routeId, run).filter((label) => label.startsWith('metadata') || label.startsWith('status'));
      expect(named, routeId).toEqual(['metadata trigger-url-metadata', 'status trigger-url-metadata']);
    }
  });

  it('a list without metadata, and a success body without status, keep their own ids elsewhere', () => {
    expect(labels('pipelines.list', { pipelines: [] })).toEqual(['metadata list-metadata', 'status success-status']);
  });
});
