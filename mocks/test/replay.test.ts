import { afterEach, describe, expect, it } from 'vitest';
import { replay, type HarLog, type Replay } from '../src/node.js';

const entry = (method: string, url: string, status: number, body: unknown, postData?: unknown) => ({
  request: { method, url, ...(postData === undefined ? {} : { postData: { text: JSON.stringify(postData) } }) },
  response: { status, headers: [{ name: 'Content-Type', value: 'application/json' }], content: { text: JSON.stringify(body) } },
});

const RECORDING: HarLog = {
  log: {
    entries: [
      entry('GET', '/api/pipeline_runs/1?api_key=%5Bmasked%5D', 200, { pipeline_run: { id: 1, status: 'running' } }),
      entry('GET', '/api/pipeline_runs/1?api_key=%5Bmasked%5D', 200, { pipeline_run: { id: 1, status: 'completed' } }),
      entry('POST', '/api/pipelines', 200, { pipeline: { uuid: 'a' } }, { api_key: '[masked]', pipeline: { name: 'a' } }),
      entry('POST', '/api/pipelines', 200, { error: { code: 400, type: 'record_invalid', message: 'Pipeline b...' } }, { pipeline: { name: 'b' } }),
      entry('POST', '/api/pipeline_schedules/1/pipeline_runs/[masked]', 200, { pipeline_run: { id: 2 } }, {}),
    ],
  },
};

let mock: Replay | undefined;
afterEach(() => mock?.close());

describe('replay: answers from a recorded exchange log', () => {
  it('answers each request as recorded, credentials aside, repeated requests in order and then the last again', async () => {
    mock = await replay(RECORDING, { baseUrl: 'http://mage.test' });
    mock.listen();
    const get = async (query: string) => (await (await fetch(`http://mage.test/api/pipeline_runs/1${query}`)).json()).pipeline_run.status;
    expect(await get('?api_key=real-key-1')).toBe('running');
    expect(await get('?api_key=another-key')).toBe('completed');
    expect(await get('')).toBe('completed');
    const post = (body: unknown) => fetch('http://mage.test/api/pipelines', { method: 'POST', body: JSON.stringify(body) }).then((r) => r.json());
    expect((await post({ pipeline: { name: 'b' } })).error.type).toBe('record_invalid');
    expect((await post({ pipeline: { name: 'a' }, api_key: 'the real one' })).pipeline.uuid).toBe('a');
    const trigger = await fetch(`http://mage.test/api/pipeline_schedules/1/pipeline_runs/${'0123456789abcdef'.repeat(2)}`, { method: 'POST', body: '{}' });
    expect((await trigger.json()).pipeline_run.id).toBe(2);
    expect(mock.remaining()).toBe(0);
    expect(mock.unmatched).toEqual([]);
  });

  it('answers a request the recording lacks with a 404 envelope naming it, and lists it', async () => {
    mock = await replay(RECORDING, { baseUrl: 'http://mage.test' });
    mock.listen();
    const answer = await fetch('http://mage.test/api/pipelines/nope');
    expect(answer.status).toBe(404);
    expect((await answer.json()).error.message).toBe('No recorded exchange for GET /api/pipelines/nope with this query and body (replay).');
    expect(mock.unmatched).toEqual(['GET /api/pipelines/nope']);
    expect(mock.remaining()).toBe(5);
  });

  it('matches a form body (a login as a browser form posts it) with its credentials aside', async () => {
    const form = 'application/x-www-form-urlencoded';
    mock = await replay(
      {
        log: {
          entries: [
            {
              request: { method: 'POST', url: '/api/sessions', postData: { mimeType: form, text: 'email=a%40b.c&password=%5Bmasked%5D' } },
              response: { status: 200, headers: [], content: { text: '{"session":{"token":"x"}}' } },
            },
          ],
        },
      },
      { baseUrl: 'http://mage.test' },
    );
    mock.listen();
    const body = new URLSearchParams({ password: 'the real one', email: 'a@b.c' });
    const answer = await fetch('http://mage.test/api/sessions', { method: 'POST', headers: { 'Content-Type': form }, body });
    expect(answer.status).toBe(200);
    expect(mock.unmatched).toEqual([]);
  });

  it('refuses a file that is not a HAR log', async () => {
    await expect(replay({ log: {} } as HarLog)).rejects.toThrow(/entries/);
  });
});
