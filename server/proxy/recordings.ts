import { closeSync, openSync, renameSync, writeSync } from 'node:fs';
import { ExchangeLog } from './exchanges.js';
import { Masker } from './masking.js';
import { FixturesRecorder } from './recorder.js';

export const EXCHANGE_LIMITS = { maxEntries: 20_000, maxBodyBytes: 256 * 1024 * 1024 };

/** Where the recordings go, at close (null or absent: not recorded). */
export interface RecordingTargets {
  /** The fixtures file. */
  record?: string | null;
  /** The HAR log. */
  recordExchanges?: string | null;
}

/** What the proxy records, with credentials masked: fixtures and a HAR log, each only when asked for, written at close. */
export class Recordings {
  readonly masker = new Masker();
  readonly exchanges: ExchangeLog | undefined;
  readonly fixtures: FixturesRecorder | undefined;
  readonly #targets: RecordingTargets;

  constructor(targets: RecordingTargets) {
    this.#targets = targets;
    this.exchanges = targets.recordExchanges ? new ExchangeLog(this.masker, EXCHANGE_LIMITS) : undefined;
    this.fixtures = targets.record ? new FixturesRecorder() : undefined;
  }

  /** What the recorders dropped (over their caps), for the report. */
  notRecorded(): { exchanges: number; fixtures: number } {
    return { exchanges: this.exchanges?.dropped ?? 0, fixtures: this.fixtures?.dropped ?? 0 };
  }

  /** Writes the recordings asked for; what the fixtures format refuses is logged. */
  write(target: URL, log: (line: string) => void): void {
    const { record, recordExchanges } = this.#targets;
    if (record && this.fixtures) {
      const { fixtures: recorded, refused } = this.fixtures.fixtures();
      writeAtomically(record, [`${JSON.stringify(recorded, null, 2)}\n`]);
      for (const problem of refused) log(`[proxy] not recorded (the fixtures format refuses it): ${problem}`);
    }
    if (recordExchanges && this.exchanges) writeAtomically(recordExchanges, this.exchanges.harText(target.href));
  }
}

/** Written beside, then renamed: a reader never sees half a file. */
function writeAtomically(path: string, pieces: Iterable<string>) {
  const temporary = `${path}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w', 0o600);
  try {
    for (const piece of pieces) writeSync(fd, piece);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
}
