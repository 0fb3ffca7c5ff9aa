import { createInProcessMock } from '@pipeline-api/mocks/in-process';
import { createClient } from '@pipeline-api/sdk';
import { afterAll, describe, expect, it } from 'vitest';
import { formatLogLine, logLines, parseLogLine } from '../src/log-lines.js';

const BASE = 'http://log-lines.test';
const KEY = 'zkWlN0PkIKSN0C11CfUHUj84OT5XOJ6tDZ6bDRO2';

describe("the run page's log lines", () => {
  const mock = createInProcessMock({ baseUrl: BASE });
  afterAll(() => mock.reset());

  it("reads the lines the API writes (Mage's format): a failed run's logs show the time, the level and the block that failed", async () => {
    const { runs } = await mock.seed({
      pipelines: [
        {
          name: 'billing',
          blocks: [
            { name: 'load', type: 'data_loader' },
            { name: 'charge', type: 'transformer', upstream_blocks: ['load'], configuration: { simulation: { outcome: 'fail' } } },
          ],
        },
      ],
      triggers: [{ pipeline_uuid: 'billing', name: 'from CI', schedule_type: 'api' }],
      runs: [{ trigger: 'from CI', status: 'failed' }],
    });
    const client = createClient({ baseUrl: BASE, apiKey: KEY, fetch: mock.fetch });
    await client.sessions.login({ email: 'admin@admin.com', password: 'admin' });
    const [files] = await client.pipelines.logs.list('billing', { pipeline_run_id: String(runs[0]!.id) });
    const lines = logLines([...files!.pipeline_run_logs, ...files!.block_run_logs]);

    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) {
      expect(line.time, line.message).toMatch(/^\d{2}:\d{2}:\d{2}$/);
      expect(line.level, line.message).toMatch(/^(INFO|WARNING|ERROR)$/);
      expect(line.message).not.toMatch(/^\d{4}-|^\{/);
    }
    expect(lines.map((line) => line.at)).toEqual(lines.map((line) => line.at).sort((a, b) => a - b));
    expect(lines.map(formatLogLine).join('\n')).toMatch(/^\d{2}:\d{2}:\d{2} ERROR +.*charge/m);
  });

  it('shows a line in another format as it is', () => {
    expect(parseLogLine('plain text')).toEqual({ at: 0, time: '', level: '', message: 'plain text' });
    expect(parseLogLine('2026-01-01T00:00:00 not json')).toEqual({ at: 0, time: '', level: '', message: '2026-01-01T00:00:00 not json' });
    expect(parseLogLine('[1, 2]').message).toBe('[1, 2]');
    expect(parseLogLine('2026-01-01T00:00:01 {"timestamp":1767225601.5,"level":"INFO","message":"hi"}')).toEqual({
      at: 1767225601.5,
      time: '00:00:01',
      level: 'INFO',
      message: 'hi',
    });
  });
});
