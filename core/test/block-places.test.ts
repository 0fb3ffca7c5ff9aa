import { beforeAll, describe, expect, it } from 'vitest';
import { InstanceState } from '../src/instance.js';
import { cloneForInsert, graphOf, insertMember, placeIn, sectionFor } from '../src/model/graph.js';
import type { Sections } from '../src/model/sections.js';
import { TestApi } from './harness.js';

/**
 * A write's answer places its block by a walk of the pipeline's new sections (no graph is built per write); a read
 * places it by the graph of the version it reads. Both must say the same.
 */
describe("a block's place in its pipeline, written and read", () => {
  let server: TestApi;
  let token: string;
  const call = (method: string, path: string, body?: unknown) => server.call(method, path, { token, body });
  const place = (block: Record<string, unknown>) => ({
    priority: block.priority,
    upstream_blocks: block.upstream_blocks,
    downstream_blocks: block.downstream_blocks,
    all_upstream_blocks_executed: block.all_upstream_blocks_executed,
    pipeline_uuid: block.pipeline_uuid,
  });

  beforeAll(async () => {
    ({ server, token } = await TestApi.startLoggedIn());
    await call('POST', '/api/pipelines', { pipeline: { name: 'graph' } });
    for (const [name, type, upstream] of [
      ['load', 'data_loader', []],
      ['left', 'transformer', ['load']],
      ['right', 'transformer', ['load']],
      ['notify', 'callback', []],
    ] as const) {
      expect((await call('POST', '/api/pipelines/graph/blocks', { block: { name, type, upstream_blocks: upstream } })).status).toBe(200);
    }
  });

  it('answers a create, an update and a later read with the same place', async () => {
    const created = await call('POST', '/api/pipelines/graph/blocks', {
      block: { name: 'join', type: 'transformer', upstream_blocks: ['left', 'right'], downstream_blocks: [], priority: 1 },
    });
    expect(created.body.block).toMatchObject({ priority: 1, upstream_blocks: ['left', 'right'], downstream_blocks: [] });
    const read = await call('GET', '/api/pipelines/graph/blocks/join');
    expect(place(read.body.block)).toEqual(place(created.body.block));

    const updated = await call('PUT', '/api/pipelines/graph/blocks/load', { block: { downstream_blocks: ['left', 'join'] } });
    expect(updated.body.block.downstream_blocks).toEqual(['join', 'left']);
    const reread = await call('GET', '/api/pipelines/graph/blocks/load');
    expect(place(reread.body.block)).toEqual(place(updated.body.block));

    // The pipeline's own answer (its graph) shows the same places as each block's.
    const pipeline = await call('GET', '/api/pipelines/graph');
    const inPipeline = (pipeline.body.pipeline.blocks as Record<string, unknown>[]).find((b) => b.uuid === 'join')!;
    const joinNow = await call('GET', '/api/pipelines/graph/blocks/join');
    expect(joinNow.body.block.upstream_blocks).toEqual(['left', 'right', 'load']);
    expect(place(inPipeline)).toEqual(place(joinNow.body.block));
  });

  it('finds by one walk the place the graph index gives, in every section', () => {
    const sections: Sections = {
      blocks: [
        { uuid: 'a', upstream: [] },
        { uuid: 'b', upstream: ['a'] },
      ],
      callbacks: [{ uuid: 'c', upstream: ['a', 'b'] }],
      conditionals: [],
      widgets: [{ uuid: 'w', upstream: ['b'] }],
      extensions: { great_expectations: [{ uuid: 'e', upstream: ['a'] }] },
    };
    const walked = ['a', 'b', 'c', 'w', 'e', 'missing'].map((uuid) => placeIn(sections, uuid, new InstanceState()));
    expect(walked[0]).toEqual({ position: { section: 'blocks', index: 0, member: sections.blocks[0] }, downstream: ['b', 'c', 'e'] });
    expect(walked[4]).toEqual({
      position: { section: 'extensions.great_expectations', index: 0, member: sections.extensions.great_expectations![0] },
      downstream: [],
    });
    expect(walked[5]).toBeUndefined();
    const indexed = new InstanceState();
    const graph = graphOf(sections, indexed);
    for (const [i, uuid] of ['a', 'b', 'c', 'w', 'e'].entries()) {
      expect(walked[i]).toEqual({ position: graph.positions.get(uuid), downstream: graph.downstream.get(uuid) ?? [] });
      expect(placeIn(sections, uuid, indexed)).toEqual(walked[i]);
    }
  });

  it('inserts into a copy of one section, leaving the stored version as it was', () => {
    const stored: Sections = {
      blocks: [{ uuid: 'a', upstream: [] }],
      callbacks: [{ uuid: 'c', upstream: ['a'] }],
      conditionals: [],
      widgets: [],
      extensions: { great_expectations: [{ uuid: 'e', upstream: [] }] },
    };
    const before = structuredClone(stored);
    for (const [uuid, type, extension] of [
      ['b', 'transformer', null],
      ['d', 'callback', null],
      ['x', 'extension', 'great_expectations'],
      ['y', 'extension', 'other'],
    ] as const) {
      const key = sectionFor(type, extension);
      const next = cloneForInsert(stored, key);
      insertMember(next, key, { uuid, upstream: [] }, 0);
      expect(stored).toEqual(before);
      expect(placeIn(next, uuid, new InstanceState())?.position).toMatchObject({ section: key, index: 0 });
      // The lists it did not change are the stored version's own.
      for (const other of ['blocks', 'callbacks', 'conditionals', 'widgets'] as const) if (other !== key) expect(next[other]).toBe(stored[other]);
    }
  });
});
