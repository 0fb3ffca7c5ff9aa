import { describe, expect, it } from 'vitest';
import { FixturesRecorder } from '../recorder.js';

const block = (uuid: string, upstream: string[] = [], extra: Record<string, unknown> = {}) => ({
  uuid,
  name: uuid,
  type: 'transformer',
  language: 'python',
  content: `# ${uuid}`,
  upstream_blocks: upstream,
  status: 'not_executed',
  ...extra,
});

describe('the fixtures recorder', () => {
  it('follows renames, deletes and forced block deletes, and orders blocks after their upstreams', () => {
    const r = new FixturesRecorder();
    // The pipeline's order puts a block before its upstream: the fixture must create the upstream first.
    r.observe(
      'pipelines.create',
      {},
      { pipeline: { uuid: 'etl', name: 'etl', type: 'python', blocks: [block('clean', ['load']), block('load'), block('save', ['clean'])] } },
    );
    r.observe(
      'pipelines.pipelineSchedules.create',
      { pipeline_uuid: 'etl' },
      { pipeline_schedule: { id: 1, pipeline_uuid: 'etl', name: 'hourly', token: 'abc', settings: null } },
    );
    r.observe('pipelines.update', { uuid: 'etl' }, { pipeline: { uuid: 'daily_etl', name: 'Daily ETL', type: 'python' } });
    r.observe('pipelines.blocks.delete', { pipeline_uuid: 'daily_etl', block_uuid: 'clean' }, { block: block('clean') });
    r.observe('pipelines.create', {}, { pipeline: { uuid: 'gone', name: 'gone', blocks: [] } });
    r.observe('pipelines.pipelineSchedules.create', { pipeline_uuid: 'gone' }, { pipeline_schedule: { id: 2, pipeline_uuid: 'gone', name: 'never' } });
    r.observe('pipelines.delete', { uuid: 'gone' }, { pipeline: { uuid: 'gone' } });
    const { fixtures, refused } = r.fixtures();
    expect(refused).toEqual([]);
    expect(fixtures.pipelines).toEqual([
      {
        name: 'Daily ETL',
        type: 'python',
        blocks: [
          { name: 'load', type: 'transformer', language: 'python', content: '# load' },
          { name: 'save', type: 'transformer', language: 'python', content: '# save', upstream_blocks: ['load'] },
        ],
      },
    ]);
    expect(fixtures.triggers).toEqual([{ pipeline_uuid: 'daily_etl', name: 'hourly' }]);
  });

  it('keeps users without passwords or tokens, and not the target’s owner', () => {
    const r = new FixturesRecorder();
    const role = (name: string) => ({ id: 3, name, created_at: '', updated_at: '' });
    r.observe(
      'users.list',
      {},
      {
        users: [
          { id: 1, email: 'admin@admin.com', username: 'admin', owner: true, roles_new: [role('Owner')] },
          {
            id: 2,
            email: 'ed@example.com',
            username: 'ed',
            owner: false,
            roles_new: [role('Editor')],
            token: 'eyJhbGciOiJIUzI1NiJ9.e30.sig',
            password: 'never',
          },
        ],
      },
    );
    expect(r.fixtures().fixtures.users).toEqual([{ email: 'ed@example.com', username: 'ed', role: 'editor' }]);
    r.observe('users.delete', { id: '2' }, { user: { id: 2 } });
    expect(r.fixtures().fixtures.users).toEqual([]);
  });

  it('leaves out what the fixtures format refuses, saying so', () => {
    const r = new FixturesRecorder();
    r.observe('pipelines.create', {}, { pipeline: { uuid: 'odd', name: 'odd', type: 'not-a-type', blocks: [] } });
    const { fixtures, refused } = r.fixtures();
    expect(fixtures.pipelines).toEqual([]);
    expect(refused).toEqual([expect.stringMatching(/^pipelines "odd": /)]);
  });
});
