import { describe, expect, it } from 'vitest';
import { createApi } from '../src/api.js';
import { seedFixtures } from '../src/fixtures/seed.js';
import { TestApi } from './harness.js';

const nested = (depth: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = { down: value };
  return value;
};

/** Seeds into a fresh API and answers the error message (or 'seeded'). */
async function seedMessage(fixtures: Record<string, unknown>): Promise<string> {
  const api = await createApi({ config: { bcryptRounds: 4 } });
  try {
    await seedFixtures(api, fixtures);
    return 'seeded';
  } catch (error) {
    return (error as Error).message;
  }
}

describe('fixtures meet exactly the API’s checks', () => {
  it('refuses what the API refuses, with the API’s own message, naming the item’s path', async () => {
    const server = await TestApi.start({ config: { requireUserAuthentication: false } });
    try {
      await server.call('POST', '/api/pipelines', { body: { pipeline: { name: 'p' } } });
      const cases: { fixtures: Record<string, unknown>; at: string; http: () => Promise<{ body: any }> }[] = [
        {
          fixtures: { users: [{ email: 'a@b.co', password: 'long enough 1', rolee: 'viewer' }] },
          at: 'users[0]',
          http: () => server.call('POST', '/api/users', { body: { user: { email: 'a@b.co', password: 'long enough 1', rolee: 'viewer' } } }),
        },
        {
          fixtures: {
            pipelines: [
              { name: 'q' },
              {
                name: 'p',
                blocks: [
                  { name: 'a', type: 'data_loader' },
                  { name: 'b', type: 'transformer', upstream_block: ['a'] },
                ],
              },
            ],
          },
          at: 'pipelines[1].blocks[1]',
          http: () => server.call('POST', '/api/pipelines/p/blocks', { body: { block: { name: 'b', type: 'transformer', upstream_block: ['a'] } } }),
        },
        {
          fixtures: { pipelines: [{ name: 'p', blocks: [{ name: 'deep', type: 'data_loader', configuration: nested(150) }] }] },
          at: 'pipelines[0].blocks[0]',
          http: () => server.call('POST', '/api/pipelines/p/blocks', { body: { block: { name: 'deep', type: 'data_loader', configuration: nested(150) } } }),
        },
        {
          fixtures: { pipelines: [{ name: 'p', blocks: [{ name: 'deeper', type: 'data_loader', configuration: nested(6000) }] }] },
          at: 'pipelines[0].blocks[0]',
          http: () =>
            server.call('POST', '/api/pipelines/p/blocks', {
              rawBody: `{"block": {"name": "deeper", "type": "data_loader", "configuration": ${'{"down":'.repeat(6000)}"leaf"${'}'.repeat(6000)}}}`,
            }),
        },
        {
          fixtures: { pipelines: [{ name: 'p', type: 'spreadsheet' }] },
          at: 'pipelines[0]',
          http: () => server.call('POST', '/api/pipelines', { body: { pipeline: { name: 'p2', type: 'spreadsheet' } } }),
        },
      ];
      for (const { fixtures, at, http } of cases) {
        const expected = (await http()).body.error.message;
        expect(expected, at).toBeTypeOf('string');
        expect(await seedMessage(fixtures), at).toBe(`${at}: ${expected}`);
      }
    } finally {
      await server.close();
    }
  });

  it('checks the keys fixtures add and the file’s shape, naming where', async () => {
    expect(await seedMessage({ users: [{ email: 'a@b.co', password: 'long enough 1', role: 'king' }] })).toMatch(/^users\[0\]\.role: Invalid option/);
    expect(await seedMessage({ users: [{ email: 'a@b.co', password: 'long enough 1' }, 'bob'] })).toBe('users[1]: must be a JSON object');
    expect(await seedMessage({ pipelines: [{ name: 'p', blocks: 'none' }] })).toMatch(/^pipelines\[0\]\.blocks: /);
    expect(await seedMessage({ triggers: [{ name: 't', schedule_type: 'time' }] })).toMatch(/^triggers\[0\]\.pipeline_uuid: /);
    expect(await seedMessage({ pipeline: [] })).toBe('pipeline: not a fixtures key (the keys are users, pipelines, triggers, tags, runs, backfills)');
    expect(await seedMessage({ users: {} })).toBe('users: must be a list');
    expect(await seedMessage({ users: [{ email: 'a@b.co', password: 'long enough 1', role: 'viewer' }], pipelines: [{ name: 'ok' }] })).toBe('seeded');
  });

  it('seeds a deep array item into a message too', async () => {
    expect(await seedMessage({ pipelines: [JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)] })).toBe('pipelines[0]: must be a JSON object');
  });
});
