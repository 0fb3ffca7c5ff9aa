import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The caps of core/test/limits.test.ts over the server's durable store: what it restores is counted. */
describe('storage caps over a durable repository', () => {
  it('count the rows it restored, in every declared table, before the first request', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { openSqliteStore } = await import('../sqlite-store.js');
    const { createApi } = await import('../../../core/src/api.js');
    const { pipelinesTable } = await import('../../../core/src/model/pipelines.js');
    const { resourceModules } = await import('../../../core/src/resources/index.js');
    const { loadAllModules } = await import('../../../core/src/lazy-resource.js');
    const dir = mkdtempSync(join(tmpdir(), 'caps-durable-'));
    try {
      const first = openSqliteStore(dir);
      const api = await createApi({ repo: first.repository, config: { bcryptRounds: 4, requireUserAuthentication: false } });
      const created = await api.core.handle('pipelines.create', {
        method: 'POST',
        path: '/api/pipelines',
        params: {},
        query: {},
        headers: { 'x-api-key': api.config.apiKey },
        body: { pipeline: { name: 'restored' } },
      });
      expect(created.body.error).toBeUndefined();
      first.close();

      // The owner and the pipeline come back: 2 records, so a cap of 2 refuses a third at once, even a user
      // (whose creation never touches the pipelines table).
      const second = openSqliteStore(dir);
      const capped = await createApi({
        repo: second.repository,
        config: { bcryptRounds: 4, requireUserAuthentication: false, storage: { maxRecords: 2, maxBytes: 0 } },
      });
      const user = { user: { email: 'one@too.many', password: 'password1', password_confirmation: 'password1' } };
      const refused = await capped.core.handle('users.create', {
        method: 'POST',
        path: '/api/users',
        params: {},
        query: {},
        headers: { 'x-api-key': capped.config.apiKey },
        body: user,
      });
      expect(refused.body.error).toMatchObject({ code: 413 });
      expect(pipelinesTable.in(capped.repo).get('restored')?.name).toBe('restored');
      second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Every table the core declares (resource folders, orchestration) is listed by a module, so the API opens it.
    const { readdirSync, readFileSync } = await import('node:fs');
    const resources = new URL('../../../core/src/', import.meta.url);
    const declared = readdirSync(resources, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) => [...readFileSync(new URL(file, resources), 'utf8').matchAll(/defineTable\(\{\s*name: '(\w+)'/g)].map((m) => m[1]));
    const listed = (await loadAllModules(Object.values(resourceModules))).flatMap((module) => module.tables.map((t) => t.name));
    expect(listed.sort()).toEqual(declared.sort());
  });
});
