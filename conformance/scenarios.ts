import type { Scenario } from './runner.js';
import { API_KEY } from './runner.js';

/**
 * Written once, run unchanged against every target: the reference server over HTTP, the mocks in Node,
 * the mocks in a browser (and a real Mage server's profile). Each step is recorded; the transcripts must agree.
 */
export const scenarios: Scenario[] = [
  {
    name: 'health check needs no credentials',
    async run(t) {
      const reply = await t.raw('GET', '/api/status');
      t.check(reply.body.statuses?.[0]?.status === 'ok', 'status ok');
    },
  },
  {
    name: 'login, by email and by username; failed logins',
    async run(t) {
      const c = t.client();
      const session = await c.sessions.login({ email: 'admin@admin.com', password: 'admin' });
      t.check(session.user?.owner === true, 'owner logged in');
      await c.sessions.login({ username: 'admin', password: 'admin' });
      const wrong = await t.failure(c.sessions.login({ email: 'admin@admin.com', password: 'nope' }));
      t.check(wrong.code === 404 && wrong.type === 'record_not_found', 'failed login is 404 record_not_found');
      const missing = await t.failure(c.sessions.login({ email: 'admin@admin.com' }));
      t.check(missing.code === 404, 'missing password is 404');
    },
  },
  {
    name: "the spec's three credential combinations",
    async run(t) {
      const { raw, decoded } = await t.login();
      const a = await t.raw('GET', `/api/pipelines?api_key=${API_KEY}`, { headers: { 'OAUTH-TOKEN': decoded } });
      t.check(Array.isArray(a.body.pipelines), 'decoded token + key in URL');
      const b = await t.raw('POST', '/api/pipelines', { headers: { 'OAUTH-TOKEN': decoded }, body: { api_key: API_KEY, pipeline: { name: 'combo b' } } });
      t.check(b.body.pipeline?.uuid === 'combo_b', 'decoded token + key in body');
      const c = await t.raw('POST', '/api/pipelines', { cookie: raw, body: { api_key: API_KEY, pipeline: { name: 'combo c' } } });
      t.check(c.body.pipeline?.uuid === 'combo_c', 'raw token cookie + key in body');
      const bearer = await t.raw('GET', '/api/pipelines/combo_b', { headers: { 'X-API-KEY': API_KEY, Authorization: `Bearer ${decoded}` } });
      t.check(bearer.body.pipeline?.uuid === 'combo_b', 'bearer');
    },
  },
  {
    name: 'authentication failures',
    async run(t) {
      const noKey = await t.raw('GET', '/api/pipelines');
      t.check(noKey.body.error?.type === 'invalid_api_key', 'missing key');
      const wrongKey = await t.raw('GET', '/api/pipelines', { headers: { 'X-API-KEY': 'wrong' } });
      t.check(wrongKey.body.error?.type === 'invalid_api_key', 'wrong key');
      const anonymous = await t.raw('GET', '/api/pipelines', { headers: { 'X-API-KEY': API_KEY } });
      t.check(anonymous.body.error?.code === 403, 'anonymous is 403');
      const unknown = await t.raw('GET', '/api/pipelines', { headers: { 'X-API-KEY': API_KEY, 'OAUTH-TOKEN': 'x'.repeat(43) } });
      t.check(unknown.body.error?.type === 'invalid_oauth_token', 'unknown token');
      const c = t.client();
      const { decoded } = await t.login(c);
      await c.sessions.logout();
      const expired = await t.raw('GET', '/api/pipelines', { headers: { 'X-API-KEY': API_KEY, 'OAUTH-TOKEN': decoded } });
      t.check(expired.body.error?.type === 'expired_oauth_token', 'logged-out token is expired');
      const coded = await t.raw('GET', '/api/pipelines?_http_error_codes=1', { headers: { 'X-API-KEY': 'wrong' } });
      t.check(coded.status === 401, '_http_error_codes gives the HTTP status');
    },
  },
  {
    name: 'pipelines: create, read, update, rename, delete',
    async run(t) {
      const c = t.client();
      await t.login(c);
      const created = await c.pipelines.create({ name: 'arwen-starlight', type: 'python' });
      t.check(created.uuid === 'arwen_starlight', 'slug');
      for (const name of ['2 fast', 'My.Pipe']) await c.pipelines.create({ name });
      const dup = await t.failure(c.pipelines.create({ name: 'Arwen Starlight' }));
      t.check(dup.type === 'record_invalid', 'duplicate is record_invalid');
      const updated = await c.pipelines.update('arwen_starlight', { type: 'integration', description: 'd' });
      t.check(updated.type === 'integration', 'updated');
      const renamed = await c.pipelines.update('arwen_starlight', { name: 'Evenstar' });
      t.check(renamed.uuid === 'evenstar', 'renamed');
      const gone = await t.failure(c.pipelines.detail('arwen_starlight'));
      t.check(gone.code === 404, 'old uuid is gone');
      const deleted = await c.pipelines.delete('my_pipe');
      t.check(deleted.uuid === 'my_pipe', 'delete returns the pipeline');
      t.check((await t.failure(c.pipelines.detail('my_pipe'))).code === 404, '404 after delete');
    },
  },
  {
    name: 'pagination, ordering and formats',
    async run(t) {
      const c = t.client();
      await t.login(c);
      for (const name of ['page a', 'page b', 'page c', 'page d', 'page e']) await c.pipelines.create({ name });
      const seen: string[] = [];
      for await (const p of c.pipelines.list({ limit: 2, search: 'page' })) seen.push(p.uuid);
      t.check(seen.join() === 'page_a,page_b,page_c,page_d,page_e', `walked every page: ${seen.join()}`);
      const page = await c.pipelines.list({ limit: 2, offset: 4, search: 'page' }).withResponse();
      t.check(page.metadata?.next === false && page.metadata?.count === 5, 'last page');
      await c.pipelines.list({ order_by: ['-name'], format: 'compact' });
      await t.raw('GET', '/api/pipelines?_limit=abc', { headers: { 'X-API-KEY': API_KEY, 'OAUTH-TOKEN': c.token!.decoded } });
    },
  },
  {
    name: 'blocks: priority, symmetric graph, refusals',
    async run(t) {
      const c = t.client();
      await t.login(c);
      const p = await c.pipelines.create({ name: 'broken wave' });
      await c.pipelines.blocks.create(p.uuid, {
        name: 'silent fire',
        priority: 2,
        configuration: { data_source: null },
        language: 'python',
        type: 'data_exporter',
      });
      await c.pipelines.blocks.create(p.uuid, { name: 'load', type: 'data_loader', priority: 0 });
      await c.pipelines.blocks.create(p.uuid, { name: 'clean', type: 'transformer', upstream_blocks: ['load'], downstream_blocks: ['silent_fire'] });
      const load = await c.pipelines.blocks.detail(p.uuid, 'load');
      t.check(load.downstream_blocks.join() === 'clean', 'downstream mirrors upstream');
      const unknown = await t.failure(c.pipelines.blocks.create(p.uuid, { name: 'x', type: 'transformer', upstream_blocks: ['ghost'] }));
      t.check(unknown.type === 'record_invalid', 'unknown upstream');
      const cycle = await t.failure(c.pipelines.blocks.update(p.uuid, 'load', { upstream_blocks: ['silent_fire'] }));
      t.check(cycle.type === 'record_invalid', 'cycle');
      await c.pipelines.blocks.update(p.uuid, 'silent_fire', { color: 'teal', content: 'print(1)' });
      await c.pipelines.blocks.list(p.uuid);
      await c.pipelines.detail(p.uuid);
    },
  },
  {
    name: 'blocks: multi-pipeline create, shared code, force delete',
    async run(t) {
      const c = t.client();
      await t.login(c);
      await c.pipelines.create({ name: 'left' });
      await c.pipelines.create({ name: 'right' });
      const missing = await t.failure(c.pipelines.blocks.create('left', { name: 'shared', type: 'transformer', pipelines: ['right', 'nowhere'] }));
      t.check(missing.code === 404, 'all or nothing');
      await c.pipelines.blocks.create('left', { name: 'shared', type: 'transformer', pipelines: ['right'], content: 'x = 1' });
      await c.pipelines.blocks.create('left', { name: 'after', type: 'transformer', upstream_blocks: ['shared'] });
      const shared = await c.blocks.detail('shared');
      t.check(shared.pipelines.join() === 'left,right', 'member of both');
      await c.blocks.update('shared', { content: 'x = 2' });
      const refused = await t.failure(c.pipelines.blocks.delete('left', 'shared'));
      t.check(refused.type === 'record_invalid', 'dependents block the delete');
      await c.pipelines.blocks.delete('left', 'shared', { force: true });
      const after = await c.pipelines.blocks.detail('left', 'after');
      t.check(after.upstream_blocks.length === 0, 'rewired');
      await c.blocks.list();
      await c.blocks.delete('shared');
    },
  },
  {
    name: 'users and roles',
    async run(t) {
      const c = t.client();
      await t.login(c);
      const viewer = await c.users.create({
        email: 'viewer@example.com',
        username: 'viewer',
        password: 'password1',
        password_confirmation: 'password1',
        roles_new: [4],
      });
      const invalid = await t.failure(c.users.create({ email: 'bad', password: 'password1', password_confirmation: 'password1' }));
      t.check(invalid.type === 'record_invalid', 'bad email');
      await c.users.list();
      const v = t.client();
      await v.sessions.login({ email: 'viewer@example.com', password: 'password1' });
      await v.pipelines.list();
      const denied = await t.failure(v.pipelines.create({ name: 'by viewer' }));
      t.check(denied.code === 403, 'viewers cannot write');
      t.check((await t.failure(v.users.list())).code === 403, 'viewers cannot list users');
      await v.users.update(viewer.id, { first_name: 'Vera' });
      await c.users.delete(viewer.id);
    },
  },
  {
    name: 'malformed requests answer with the envelope',
    async run(t) {
      const { decoded } = await t.login();
      const headers = { 'X-API-KEY': API_KEY, 'OAUTH-TOKEN': decoded };
      const bad = await t.raw('POST', '/api/pipelines', { headers, text: '{nope' });
      t.check(bad.body.error?.type === 'api_resource_error', 'malformed JSON');
      const array = await t.raw('POST', '/api/pipelines', { headers, text: '[1]' });
      t.check(array.body.error?.type === 'api_resource_error', 'array body');
      const unknown = await t.raw('GET', '/api/nothing_here', { headers });
      t.check(unknown.body.error?.code === 404, 'unknown route');
      const method = await t.raw('PATCH', '/api/pipelines', { headers });
      t.check(method.body.error?.code === 405, 'wrong method');
      const attr = await t.raw('POST', '/api/pipelines', { headers, body: { pipeline: { name: 'x', colour: 'red' } } });
      t.check(attr.body.error?.code === 403, 'unknown attribute');
    },
  },
  ...runScenarios(),
];

/** Triggers and runs: time moves only through t.advance, so every target reaches the same states. */
function runScenarios(): Scenario[] {
  /** A pipeline load -> clean -> save, each block simulated as `simulation` says, and an active API trigger. */
  async function setup(t: Parameters<Scenario['run']>[0], name: string, simulation: Record<string, Record<string, unknown>> = {}) {
    const c = t.client();
    await t.login(c);
    const { uuid } = await c.pipelines.create({ name });
    let upstream: string[] = [];
    for (const block of ['load', 'clean', 'save']) {
      await c.pipelines.blocks.create(uuid, {
        name: `${name} ${block}`,
        type: 'transformer',
        upstream_blocks: upstream,
        configuration: { simulation: { duration_ms: 1000, ...simulation[block] } },
      });
      upstream = [`${uuid}_${block}`];
    }
    const trigger = await c.pipelines.pipelineSchedules.create(uuid, { name: `${name} trigger`, schedule_type: 'api', status: 'active' });
    return { c, trigger };
  }
  const statuses = (run: { block_runs?: { status: string }[] }) => run.block_runs?.map((b) => b.status).join(',');

  return [
    {
      name: 'runs: trigger -> run -> completed',
      async run(t) {
        const { c, trigger } = await setup(t, 'run ok');
        const run = await c.pipelineSchedules.pipelineRuns.create(trigger.id, { variables: { env: 'test' } });
        t.check(run.status === 'initial', 'a new run is initial');
        await t.advance(30_000);
        const done = await c.pipelineRuns.detail(run.id);
        t.check(done.status === 'completed', `completed, not ${done.status}`);
        t.check(statuses(done) === 'completed,completed,completed', `every block completed: ${statuses(done)}`);
        const blockRuns = await c.blockRuns.list({ pipeline_run_id: run.id });
        t.check(blockRuns.length === 3, 'three block runs');
        const listed = await c.pipelineRuns.list({ pipeline_uuid: 'run_ok', status: 'completed' });
        t.check(listed.length === 1 && listed[0]!.id === run.id, 'listed by pipeline and status');
      },
    },
    {
      name: 'runs: a failing block fails the run, upstream_failed below it',
      async run(t) {
        const { c, trigger } = await setup(t, 'run fails', { clean: { outcome: 'fail' } });
        const run = await c.pipelineSchedules.pipelineRuns.create(trigger.id, {});
        await t.advance(30_000);
        const done = await c.pipelineRuns.detail(run.id);
        t.check(done.status === 'failed', `failed, not ${done.status}`);
        t.check(statuses(done) === 'completed,failed,upstream_failed', `blocks: ${statuses(done)}`);
      },
    },
    {
      name: 'runs: cancel a running run',
      async run(t) {
        const { c, trigger } = await setup(t, 'run cancel', { load: { duration_ms: 3_600_000 } });
        const run = await c.pipelineSchedules.pipelineRuns.create(trigger.id, {});
        await t.advance(5000);
        t.check((await c.pipelineRuns.detail(run.id)).status === 'running', 'running before the cancel');
        const cancelled = await c.pipelineRuns.update(run.id, { status: 'cancelled' });
        t.check(cancelled.status === 'cancelled', 'cancelled');
        await t.advance(10_000);
        const after = await c.pipelineRuns.detail(run.id);
        t.check(after.status === 'cancelled' && statuses(after) === 'cancelled,cancelled,cancelled', `stays cancelled: ${statuses(after)}`);
        const again = await t.failure(c.pipelineRuns.update(run.id, { status: 'completed' as 'cancelled' }));
        t.check(again.type === 'record_invalid', 'an unknown status is record_invalid');
      },
    },
    {
      name: 'runs: retry from a block',
      async run(t) {
        const { c, trigger } = await setup(t, 'run retry', { clean: { outcome: 'fail' } });
        const run = await c.pipelineSchedules.pipelineRuns.create(trigger.id, {});
        await t.advance(30_000);
        t.check((await c.pipelineRuns.detail(run.id)).status === 'failed', 'failed first');
        await c.pipelines.blocks.update('run_retry', 'run_retry_clean', { configuration: { simulation: { duration_ms: 1000 } } });
        const retried = await c.pipelineRuns.update(run.id, { pipeline_run_action: 'retry_blocks', from_block_uuid: 'run_retry_clean' });
        t.check(retried.status === 'running', 'running again');
        await t.advance(30_000);
        const done = await c.pipelineRuns.detail(run.id);
        t.check(done.status === 'completed' && statuses(done) === 'completed,completed,completed', `completed: ${statuses(done)}`);
      },
    },
    {
      name: 'runs: API trigger with and without the right token',
      async run(t) {
        const { trigger } = await setup(t, 'run api');
        const token = trigger.token!;
        const body = { pipeline_run: { variables: { env: 'ci' } }, sha: 'abc123' };
        const ok = await t.raw('POST', `/api/pipeline_schedules/${trigger.id}/pipeline_runs/${token}`, { body });
        t.check(ok.body.pipeline_run?.status === 'initial', 'a run, with no API key or session');
        t.check(ok.body.pipeline_run?.event_variables?.sha === 'abc123', 'other keys are event variables');
        const bearer = await t.raw('POST', `/api/pipeline_schedules/${trigger.id}/api_trigger`, { headers: { Authorization: `Bearer ${token}` }, body: {} });
        t.check(bearer.body.pipeline_run?.status === 'initial', 'bearer form');
        const wrong = await t.raw('POST', `/api/pipeline_schedules/${trigger.id}/pipeline_runs/${'0'.repeat(32)}`, { body });
        const unknown = await t.raw('POST', `/api/pipeline_schedules/99999/pipeline_runs/${token}`, { body });
        const none = await t.raw('POST', `/api/pipeline_schedules/${trigger.id}/api_trigger`, { body });
        t.check(wrong.body.error?.code === 403, 'a wrong token is refused');
        t.check(
          JSON.stringify(wrong.body) === JSON.stringify(unknown.body) && JSON.stringify(wrong.body) === JSON.stringify(none.body),
          'one answer for every failure',
        );
        await t.advance(30_000);
        const c = t.client();
        await t.login(c);
        const done = await c.pipelineRuns.detail(ok.body.pipeline_run.id);
        t.check(done.status === 'completed', `the triggered run completes: ${done.status}`);
      },
    },
  ];
}
