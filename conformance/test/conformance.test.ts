import { describe, expect, it } from 'vitest';
import { runAgainstBrowserMocks } from '../browser-target.js';
import { runAgainstNodeMocks, runAgainstServer } from '../node-targets.js';
import { scenarios } from '../scenarios.js';
import { diffTranscripts, type Transcript } from '../transcript.js';

describe('one conformance suite, three targets', () => {
  const transcripts: Transcript[] = [];

  it('passes against the reference server over HTTP', async () => {
    const t = await runAgainstServer();
    expect(t.failures).toEqual({});
    expect(t.exchanges.length).toBeGreaterThan(60);
    expect(new Set(t.exchanges.map((e) => e.scenario)).size).toBe(scenarios.length);
    transcripts.push(t);
  });

  it('passes against the mocks in Node', async () => {
    const t = await runAgainstNodeMocks();
    expect(t.failures).toEqual({});
    transcripts.push(t);
  });

  it('passes against the mocks in headless Chromium', async () => {
    const t = await runAgainstBrowserMocks();
    expect(t.failures).toEqual({});
    transcripts.push(t);
  }, 120_000);

  it('produces the same transcript on all three', () => {
    expect(transcripts).toHaveLength(3);
    const [server, node, browser] = transcripts as [Transcript, Transcript, Transcript];
    expect(diffTranscripts(server, node)).toEqual([]);
    expect(diffTranscripts(server, browser)).toEqual([]);
    expect(server.exchanges.length).toBe(browser.exchanges.length);
  });
});
