import { contract, walkContract, type NodeAt, type PayloadOf, type QueryOf, type RouteAt } from '@pipeline-api/contract';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { definePolicy } from '../src/policy.js';
import { pipelinePresenter } from '../src/resources/pipelines/presenter.js';
import { pipelineResource } from '../src/resources/pipelines/resource.js';
import { each, role } from '../src/auth/rules.js';
import { definePresenter } from '../src/presenter.js';
import { lazyResource, resourceChunk } from '../src/lazy-resource.js';
import { defineResource, type Resource, type ResourceRegistry } from '../src/resource.js';
import { blocks } from '../src/resources/blocks/index.js';
import { resourceModules } from '../src/resources/index.js';
import { pipelines } from '../src/resources/pipelines/index.js';
import { sessions } from '../src/resources/sessions/index.js';
import { statuses } from '../src/resources/statuses/index.js';
import { users } from '../src/resources/users/index.js';
import type { StatusView } from '../src/resources/statuses/resource.js';

// The lines under @ts-expect-error are what a contributor could get wrong: `npm run typecheck` fails if any compiles.

type Statuses = NodeAt<'statuses'>;
const policy = definePolicy({ resource: 'statuses', actions: {} });

// @ts-expect-error a node with a list route needs `collection`
export const missingAction: Resource<Statuses, StatusView> = {};
export const extraAction: Resource<Statuses, StatusView> = {
  collection: () => ({ records: [], count: 0 }),
  // @ts-expect-error statuses has no create route
  create: async () => ({ version: '1', require_user_authentication: true }),
};

definePresenter<StatusView, undefined, { version: string }>({
  // @ts-expect-error an attribute's type is the item schema's
  attributes: { version: (s) => s.require_user_authentication },
  formats: { default: ['version'] },
});
definePresenter<StatusView, undefined, { version: string }>({
  // @ts-expect-error an attribute the item schema does not declare
  attributes: { versoin: (s: StatusView) => s.version },
  formats: { default: ['version'] },
});

const wrongItem = definePresenter<StatusView, undefined, { version: number }>({
  attributes: { version: () => 1 },
  formats: { default: ['version'] },
});
defineResource('statuses', {
  resource: { collection: () => ({ records: [], count: 0 }) },
  policy,
  // @ts-expect-error the presenter's item is checked against the node's response item schema (version is a string)
  presenter: wrongItem,
});

const editor = role('editor');
defineResource('pipelines', {
  resource: pipelineResource,
  presenter: pipelinePresenter,
  policy: definePolicy({ resource: 'pipelines', actions: {}, writes: { update: each(['cache_block_output_in_memory'], editor) } }),
});
defineResource('pipelines', {
  resource: pipelineResource,
  presenter: pipelinePresenter,
  // @ts-expect-error a written attribute the route's payload does not have (misspelt) is refused at compile time, not as a 403
  policy: definePolicy({ resource: 'pipelines', actions: {}, writes: { update: each(['cache_block_output_in_memroy'], editor) } }),
});
defineResource('pipelines', {
  resource: pipelineResource,
  presenter: pipelinePresenter,
  // @ts-expect-error the same inline, without each()
  policy: definePolicy({ resource: 'pipelines', actions: {}, writes: { create: { nmae: editor } } }),
});

// @ts-expect-error the registry needs a module for every contract node
export const incomplete: ResourceRegistry = { statuses, sessions, users, pipelines, blocks };
const uiBootChunk = resourceChunk(() => import('../src/resources/ui-boot.js'));
// @ts-expect-error a lazy entry that picks another node's module from its chunk
lazyResource('tags', uiBootChunk, (m) => m.projects);

// @ts-expect-error a module registered under another node's key
export const misnamed: ResourceRegistry = { statuses, sessions, users, pipelines, 'pipelines.blocks': blocks, blocks };

describe('resources typed by their routes', () => {
  it('types payloads and queries from the route schemas', () => {
    expectTypeOf<PayloadOf<RouteAt<'pipelines.blocks.create'>>['name']>().toEqualTypeOf<string>();
    expectTypeOf<QueryOf<RouteAt<'blocks.delete'>>['force']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<PayloadOf<RouteAt<'sessions.logout'>>>().toEqualTypeOf<Record<string, never>>();
  });

  it('registers one module per contract node, under that node', () => {
    const nodes = [...new Set(walkContract(contract).map((r) => r.node))].sort();
    expect(Object.keys(resourceModules).sort()).toEqual(nodes);
    for (const [key, module] of Object.entries(resourceModules)) expect(module.node).toBe(key);
  });

  it('keeps documentation out of the runtime: no module carries OpenAPI examples or auth-matrix targets', () => {
    for (const module of Object.values(resourceModules)) expect(Object.keys(module)).not.toContain('examples');
    const sources = readdirSync(fileURLToPath(new URL('../src', import.meta.url)), { recursive: true, encoding: 'utf8' });
    expect(sources.filter((path) => /(^|\/)examples\.ts$/.test(path))).toEqual([]);
  });
});

describe('state owned by the API instance', () => {
  it('gives two instances in one process their own caches, throttle and per-instance state', async () => {
    const { createApi } = await import('../src/api.js');
    const [a, b] = await Promise.all([createApi({ config: { bcryptRounds: 4 } }), createApi({ config: { bcryptRounds: 4 } })]);
    for (const name of ['dates', 'digests', 'loginThrottle', 'instance', 'cascades'] as const) {
      expect(a.core.services[name]).not.toBe(b.core.services[name]);
    }
    const { graphOf } = await import('../src/model/graph.js');
    const sections = { blocks: [{ uuid: 'x', upstream: [] }], callbacks: [], conditionals: [], widgets: [], extensions: {} };
    expect(graphOf(sections, a.core.services.instance)).toBe(graphOf(sections, a.core.services.instance));
    expect(graphOf(sections, a.core.services.instance)).not.toBe(graphOf(sections, b.core.services.instance));
  });
});

describe('fixtures declared by their resources', () => {
  it('make the mocks’ seed() types from the fixtures registry', async () => {
    type Fixtures = import('../src/fixtures/registry.js').ResourceFixturesInput;
    type Seeded = import('../src/fixtures/registry.js').ResourceFixturesSeeded;
    expectTypeOf<Fixtures>().toEqualTypeOf<{
      users?: import('../src/resources/users/fixtures.js').UserFixture[];
      pipelines?: import('../src/resources/pipelines/fixtures.js').PipelineFixture[];
      triggers?: import('../src/resources/pipeline-schedules/fixtures.js').TriggerFixture[];
      tags?: import('@pipeline-api/contract').TagCreate[];
    }>();
    expectTypeOf<Seeded['pipelines'][number]['uuid']>().toEqualTypeOf<string>();
    const { createMockApi } = await import('@pipeline-api/mocks');
    const mock = createMockApi();
    const seeded = await mock.seed({
      users: [{ email: 'f@x.io', password: 'password1', role: 'viewer' }],
      pipelines: [{ name: 'p one', blocks: [{ name: 'b', type: 'transformer' }] }],
      triggers: [{ pipeline_uuid: 'p_one', name: 'hourly', schedule_type: 'time', schedule_interval: '@hourly' }],
    });
    expect(seeded.users.map((u) => u.roles_display)).toEqual(['Viewer']);
    expect(seeded.pipelines.map((p) => [p.uuid, p.blocks?.map((b) => b.uuid)])).toEqual([['p_one', ['b']]]);
    expect(seeded.triggers.map((t) => [t.pipeline_uuid, t.name, t.schedule_interval])).toEqual([['p_one', 'hourly', '@hourly']]);
    // A bad item is refused with its path, through the same schema as a --fixtures file.
    await expect(mock.seed({ users: [{ email: 'not an email', password: 'password1' }] })).rejects.toThrow(/email/i);
  });
});
