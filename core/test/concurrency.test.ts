import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestApi } from './harness.js';
import { frozenRepository } from './frozen-repository.js';
import { storeViolations } from './store-invariants.js';

describe('concurrent writes on one pipeline', () => {
  let server: TestApi;
  let token: string;
  beforeAll(async () => {
    ({ server, token } = await TestApi.startLoggedIn({ repo: frozenRepository }));
  });
  afterAll(() => server.close());

  it('500 parallel creates, updates and deletes: every acknowledged write is there, nothing half-applied', async () => {
    const call = (method: string, path: string, body?: unknown, query?: Record<string, string>) => server.call(method, path, { token, body, query });
    await call('POST', '/api/pipelines', { pipeline: { name: 'busy' } });
    await call('POST', '/api/pipelines', { pipeline: { name: 'neighbour' } });
    for (let i = 0; i < 100; i++)
      await call('POST', '/api/pipelines/busy/blocks', { block: { name: `s${i}`, type: 'transformer', upstream_blocks: i > 0 ? [`s${i - 1}`] : [] } });

    type Op = { kind: 'create' | 'content' | 'graph' | 'delete'; target: string; value?: string; send: () => ReturnType<typeof call> };
    const ops: Op[] = [];
    for (let i = 0; i < 200; i++) {
      const body = {
        block: { name: `n${i}`, type: 'transformer', upstream_blocks: i % 2 ? [`s${i % 100}`] : [], ...(i % 5 === 0 ? { pipelines: ['neighbour'] } : {}) },
      };
      ops.push({ kind: 'create', target: `n${i}`, send: () => call('POST', '/api/pipelines/busy/blocks', body) });
    }
    for (let i = 0; i < 100; i++) {
      const value = `content ${i}`;
      ops.push({ kind: 'content', target: `s${i}`, value, send: () => call('PUT', `/api/pipelines/busy/blocks/s${i}`, { block: { content: value } }) });
    }
    for (let i = 0; i < 50; i++) {
      // Some of these close a cycle (s_i upstream of an earlier s): those must be refused whole.
      const upstream = [`s${(i * 7) % 100}`];
      ops.push({ kind: 'graph', target: `s${i}`, send: () => call('PUT', `/api/pipelines/busy/blocks/s${i}`, { block: { upstream_blocks: upstream } }) });
    }
    for (let i = 50; i < 200; i++) {
      const target = i < 100 ? `s${i}` : `n${i}`;
      ops.push({ kind: 'delete', target, send: () => call('DELETE', `/api/pipelines/busy/blocks/${target}`, undefined, { force: 'true' }) });
    }
    // Shuffle deterministically so kinds interleave.
    for (let i = ops.length - 1; i > 0; i--) {
      const j = (i * 7919) % (i + 1);
      [ops[i], ops[j]] = [ops[j]!, ops[i]!];
    }
    expect(ops).toHaveLength(500);

    const replies = await Promise.all(ops.map((op) => op.send()));
    const acked = ops.filter((_, i) => replies[i]!.body.error === undefined);
    const failures = replies.filter((r) => r.body.error).map((r) => r.body.error.type);
    expect(
      failures.every((t) => t === 'record_invalid' || t === 'record_not_found'),
      failures.join(),
    ).toBe(true);
    expect(failures).not.toContain('internal_error');
    const byKind = (kind: string) => ops.filter((o, i) => o.kind === kind && replies[i]!.body.error === undefined).length;
    console.log(
      `acknowledged: ${acked.length} of 500 (creates ${byKind('create')}, content ${byKind('content')}, graph ${byKind('graph')}, deletes ${byKind('delete')})`,
    );
    // Always acknowledged whatever the interleaving: 100 creates with no upstream, 50 content updates of blocks never deleted.
    expect(byKind('create')).toBeGreaterThanOrEqual(100);
    expect(byKind('content')).toBeGreaterThanOrEqual(50);

    expect(storeViolations(server.repo)).toEqual([]);
    const blocks = (await call('GET', '/api/pipelines/busy/blocks')).body.blocks as {
      uuid: string;
      content?: string;
      upstream_blocks: string[];
      downstream_blocks: string[];
    }[];
    const present = new Map(blocks.map((b) => [b.uuid, b]));
    const deleted = new Set(acked.filter((o) => o.kind === 'delete').map((o) => o.target));
    for (const op of acked) {
      if (op.kind === 'create') expect(present.has(op.target) || deleted.has(op.target), `${op.target} created`).toBe(true);
      if (op.kind === 'delete') expect(present.has(op.target), `${op.target} deleted`).toBe(false);
      if (op.kind === 'content' && present.has(op.target)) {
        const detail = await call('GET', `/api/pipelines/busy/blocks/${op.target}`);
        expect(detail.body.block.content, op.target).toBe(op.value);
      }
    }
    // Downstream lists mirror upstream lists.
    for (const block of blocks) {
      for (const up of block.upstream_blocks) expect(present.get(up)?.downstream_blocks, `${up} -> ${block.uuid}`).toContain(block.uuid);
    }
    // Blocks created into both pipelines are in both, or (deleted from busy) still in the neighbour.
    const neighbour = new Set(((await call('GET', '/api/pipelines/neighbour/blocks')).body.blocks as { uuid: string }[]).map((b) => b.uuid));
    for (const op of acked.filter((o) => o.kind === 'create' && Number(o.target.slice(1)) % 5 === 0)) {
      expect(neighbour.has(op.target), `${op.target} in neighbour`).toBe(true);
    }
  }, 60_000);

  it('20 parallel sign-ups with one email: exactly one account, and renames cannot collide either', async () => {
    const attempts = Array.from({ length: 20 }, (_, i) =>
      server.call('POST', '/api/users', {
        token,
        body: { user: { email: 'race@example.com', username: `racer${i}`, password: 'password1', password_confirmation: 'password1' } },
      }),
    );
    const replies = await Promise.all(attempts);
    expect(replies.filter((r) => r.body.user).length).toBe(1);
    expect(replies.filter((r) => r.body.error).every((r) => r.body.error.message === 'Account with same email is already taken: race@example.com.')).toBe(true);

    const ids: number[] = [];
    for (const name of ['ana', 'bob', 'cat']) {
      const made = await server.call('POST', '/api/users', {
        token,
        body: { user: { email: `${name}@example.com`, password: 'password1', password_confirmation: 'password1' } },
      });
      ids.push(made.body.user.id);
    }
    // Three users take the same username at once, each while re-hashing a password: one wins.
    const renames = await Promise.all(
      ids.map((id) =>
        server.call('PUT', `/api/users/${id}`, { token, body: { user: { username: 'shared', password: 'password2', password_confirmation: 'password2' } } }),
      ),
    );
    expect(renames.filter((r) => r.body.user).length).toBe(1);
    expect(storeViolations(server.repo)).toEqual([]);
  });
});
