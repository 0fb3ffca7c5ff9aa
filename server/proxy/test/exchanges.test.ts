import { describe, expect, it } from 'vitest';
import { ExchangeLog, type Exchange } from '../exchanges.js';
import { Masker } from '../masking.js';

const exchange = (i: number): Exchange => ({
  started: new Date(Date.UTC(2026, 0, 1)),
  ms: 3,
  method: 'GET',
  url: `/api/pipelines/p${i}?api_key=secret-key-123456`,
  requestHeaders: [['X-API-KEY', 'secret-key-123456']],
  requestBody: undefined,
  status: 200,
  statusText: 'OK',
  responseHeaders: [['Content-Type', 'application/json']],
  responseBody: JSON.stringify({ pipeline: { uuid: `p${i}`, content: '"quoted"\n'.repeat(10) } }),
  routeId: 'pipelines.detail',
});

describe('the HAR log', () => {
  it('is written a piece per entry (never as one string as large as every body), and the pieces make one HAR document', () => {
    const log = new ExchangeLog(new Masker(), { maxEntries: 3, maxBodyBytes: 1_000_000 });
    for (let i = 0; i < 5; i++) log.add(exchange(i));
    const pieces = [...log.harText('http://mage.test/')];
    expect(pieces).toHaveLength(3 + 2); // the head, one per kept entry, the tail
    const har = JSON.parse(pieces.join(''));
    expect(har.log).toMatchObject({
      version: '1.2',
      creator: { name: 'pipeline-api-server proxy' },
      comment: expect.stringContaining('2 exchanges past the cap'),
    });
    expect(har.log.entries.map((e: { request: { url: string } }) => e.request.url)).toEqual([0, 1, 2].map((i) => `/api/pipelines/p${i}?api_key=%5Bmasked%5D`));
    expect(JSON.parse(har.log.entries[0].response.content.text).pipeline.content).toBe('"quoted"\n'.repeat(10));
    expect(pieces.join('')).not.toContain('secret-key-123456');
  });
});
