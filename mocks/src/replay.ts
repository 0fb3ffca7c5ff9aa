import type { HarLog, Replay } from './replay-recording.js';

export type { HarLog, Replay } from './replay-recording.js';

/**
 * Answers requests exactly as a recorded server did (`pipeline-api-server proxy --record-exchanges`): a request
 * gets the answer recorded for the same method, path, query and body, credentials aside (the recording masks
 * them). Requests seen more than once get their recorded answers in order, then the last again (a poll that
 * outlives the recording sees the final state). For tests that must see exactly what a real Mage said.
 *
 * The recording's reader (its HAR schema on classic zod, the file read) loads on the first call: the mocks' Node
 * entry is in every test file that mocks the API, and most of them never replay.
 */
export async function replay(source: string | HarLog, options: { baseUrl?: string } = {}): Promise<Replay> {
  const { replayRecording } = await import('./replay-recording.js');
  return replayRecording(source, options);
}
