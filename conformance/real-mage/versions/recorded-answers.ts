import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_KEY, type Answer, type Probe } from '../differential.js';
import { SECRET_PROBE_VALUE } from '../orchestration-probes.js';
import { maskVolatileText, reportedValue } from '../report.js';

/** Where each Mage release's answers to the differential's probes are kept: `<version>.json`. */
export const ANSWERS_DIR = fileURLToPath(new URL('answers/', import.meta.url));

/** One probe's answer from one Mage release, masked. */
export interface RecordedAnswer {
  probe: string;
  method: string;
  /** The probe's path as written (placeholders such as `{token}` unfilled), query included. */
  path: string;
  status: number;
  body: unknown;
}

export interface RecordedAnswers {
  mageVersion: string;
  answers: RecordedAnswer[];
}

/** Long texts (a block's code, a traceback) matter here by their type only: kept short so the recording stays small. */
const MAX_TEXT = 120;
/** The items of a list kept: their shapes are merged, and one list's length is the run's, not the release's. */
const MAX_ITEMS = 25;

/** This checkout's folder, in Mage's tracebacks (its virtualenv is under it): where the run was, not what Mage did. */
const REPOSITORY = fileURLToPath(new URL('../../..', import.meta.url)).replace(/\/$/, '');

const maskText = (text: string) => {
  const masked = maskVolatileText(text)
    .split(API_KEY)
    .join('<api key>')
    .split(REPOSITORY)
    .join('<repository>')
    .replace(/\/\.venv\/real-mage(-\d+\.\d+\.\d+)?\//g, '/.venv/<mage>/');
  return masked.length > MAX_TEXT ? `${masked.slice(0, MAX_TEXT)}...` : masked;
};

/**
 * A body as kept: volatile values (times, tokens, sizes, process ids) replaced by a placeholder of their own type, so
 * their shape is still compared and their value never is; texts masked as docs/compatibility.md masks them.
 */
export function maskBody(value: unknown, path = ''): unknown {
  const reported = reportedValue(path, value);
  if (typeof reported === 'symbol') {
    if (typeof value === 'number') return 0;
    if (typeof value === 'string') return '(set)';
  }
  if (typeof value === 'string') return maskText(value);
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((item, i) => maskBody(item, `${path}[${i}]`));
  if (typeof value === 'object' && value !== null) {
    const masked: Record<string, unknown> = Object.create(null);
    for (const [key, item] of Object.entries(value)) masked[maskText(key)] = maskBody(item, path ? `${path}.${key}` : key);
    return masked;
  }
  return value;
}

/** The answers of one run, in probe order, masked and ready to keep. */
export function recordAnswers(mageVersion: string, probes: readonly Probe[], answers: readonly Answer[]): RecordedAnswers {
  const recorded = {
    mageVersion,
    answers: probes.map((probe, i) => ({
      probe: probe.name,
      method: probe.method,
      path: probe.path,
      status: answers[i]!.status,
      body: maskBody(answers[i]!.body),
    })),
  };
  const text = JSON.stringify(recorded);
  if (text.includes(SECRET_PROBE_VALUE) || text.includes(API_KEY)) throw new Error('a recorded answer holds a secret or the API key: not kept');
  return recorded;
}

export const answersFile = (mageVersion: string, dir = ANSWERS_DIR) => join(dir, `${mageVersion}.json`);

export function writeAnswers(recorded: RecordedAnswers, dir = ANSWERS_DIR): string {
  mkdirSync(dir, { recursive: true });
  const file = answersFile(recorded.mageVersion, dir);
  writeFileSync(file, `${JSON.stringify(recorded, null, 1)}\n`);
  return file;
}

export function readAnswers(mageVersion: string, dir = ANSWERS_DIR): RecordedAnswers | undefined {
  const file = answersFile(mageVersion, dir);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RecordedAnswers) : undefined;
}
