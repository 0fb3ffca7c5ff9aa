import { ApiError, badRequest, invalid } from '../../errors.js';
import { seededRandom } from '../../random.js';
import { sizeOf } from '../../repository/storage-limits.js';
import { isPlainObject } from '../../request.js';
import type { BlockOutput, Cell, TableOutput, TextOutput } from '../../model/block-outputs.js';

/**
 * What a completed block run produced, in the simulated executor. Nothing runs, so outputs are made up, the same
 * every time: a table for data loaders and transformers, a line of text for other blocks, unless the block's
 * `configuration.simulation.output` says what to produce (`{columns, rows}`, `{text}`, or `null` for nothing, like
 * a Mage exporter that returns nothing). Shapes are Mage's (`GET /api/block_runs/:id/outputs`); the whole table
 * is kept, bounded, and answers cut a sample from it.
 */

export type { BlockOutput, Cell, TableOutput, TextOutput } from '../../model/block-outputs.js';

/** Rows kept per table (Mage's DATAFRAME_SAMPLE_COUNT). */
export const MAX_OUTPUT_ROWS = 1000;
/** Columns kept per table (Mage's DATAFRAME_ANALYSIS_MAX_COLUMNS). */
export const MAX_OUTPUT_COLUMNS = 100;
/** JSON bytes of one block run's outputs, as the storage caps count them. */
export const MAX_OUTPUT_BYTES = 64 * 1024;
/** Rows in an answer unless `sample_count` says otherwise (Mage's DATAFRAME_SAMPLE_COUNT_PREVIEW). */
export const DEFAULT_SAMPLE_COUNT = 10;
/** A column name's length at most. */
const MAX_COLUMN_NAME = 255;

const TABLE_BLOCKS: ReadonlySet<string> = new Set(['data_loader', 'transformer']);
const OUTPUT_PATH = 'block.configuration.simulation.output';

/** Where a run's outputs come from: the same inputs give the same outputs. */
export interface OutputSeed {
  pipeline_uuid: string;
  block_uuid: string;
  block_type: string;
  /**
   * The run's execution date (ms). Seeding by date rather than run id: a retried or re-backfilled date produces
   * the same data, and two servers (or the mocks and the server) agree whatever ids they gave.
   */
  execution_date: number;
}

/** The outputs a block run stores when it completes: configured ones, or generated ones. */
export function simulatedOutputs(seed: OutputSeed, configuration: unknown): BlockOutput[] {
  const configured = configuredOutput(configuration);
  if (configured !== undefined) return configured;
  return TABLE_BLOCKS.has(seed.block_type)
    ? [generatedTable(seed)]
    : [textOutput(`Block ${seed.block_uuid} ran (simulated) for ${isoDay(seed.execution_date)}.`)];
}

/**
 * A block's `configuration.simulation.output` as stored, or undefined when it has none or an unusable one (then the
 * generated output is used, as simulationOf does with durations). Writes are checked with checkSimulatedOutput.
 */
function configuredOutput(configuration: unknown): BlockOutput[] | undefined {
  const simulation = isPlainObject(configuration) ? configuration.simulation : undefined;
  if (!isPlainObject(simulation) || !Object.hasOwn(simulation, 'output')) return undefined;
  try {
    return checkSimulatedOutput(simulation.output);
  } catch {
    return undefined;
  }
}

/**
 * Checks a block's `configuration.simulation.output` when it is written: `null` (no outputs), `{text}` or
 * `{columns, rows}` within the caps; each problem is a 400 record_invalid naming it. The outputs it makes.
 */
export function checkSimulatedOutput(value: unknown): BlockOutput[] {
  if (value === null) return [];
  if (!isPlainObject(value)) throw invalid(OUTPUT_PATH, 'simulation.output must be null, {"text": "..."} or {"columns": [...], "rows": [[...], ...]}.');
  let outputs: BlockOutput[];
  if (Object.hasOwn(value, 'text')) {
    if (typeof value.text !== 'string') throw invalid(`${OUTPUT_PATH}.text`, 'simulation.output.text must be a string.');
    outputs = [textOutput(value.text)];
  } else {
    outputs = [checkTable(value.columns, value.rows)];
  }
  const bytes = outputBytes(outputs);
  if (bytes > MAX_OUTPUT_BYTES) {
    throw invalid(
      OUTPUT_PATH,
      `simulation.output is ${bytes} bytes of JSON; a block run's outputs hold at most ${MAX_OUTPUT_BYTES}. Send fewer rows or shorter values.`,
    );
  }
  return outputs;
}

function checkTable(columns: unknown, rows: unknown): TableOutput {
  if (Array.isArray(columns) && columns.length > MAX_OUTPUT_COLUMNS) {
    throw invalid(`${OUTPUT_PATH}.columns`, `simulation.output has ${columns.length} columns; at most ${MAX_OUTPUT_COLUMNS} are kept.`);
  }
  const names: string[] = [];
  for (const column of Array.isArray(columns) ? columns : []) {
    if (typeof column === 'string' && column.length > 0 && column.length <= MAX_COLUMN_NAME) names.push(column);
  }
  if (!Array.isArray(columns) || columns.length === 0 || names.length !== columns.length) {
    throw invalid(`${OUTPUT_PATH}.columns`, `simulation.output.columns must be a list of column names (1 to ${MAX_COLUMN_NAME} characters).`);
  }
  const duplicate = names.find((name, i) => names.indexOf(name) !== i);
  if (duplicate !== undefined) throw invalid(`${OUTPUT_PATH}.columns`, `simulation.output.columns names ${JSON.stringify(duplicate)} twice.`);
  if (!Array.isArray(rows)) throw invalid(`${OUTPUT_PATH}.rows`, 'simulation.output.rows must be a list of rows, each a list of values.');
  if (rows.length > MAX_OUTPUT_ROWS) throw invalid(`${OUTPUT_PATH}.rows`, `simulation.output has ${rows.length} rows; at most ${MAX_OUTPUT_ROWS} are kept.`);
  const checked: Cell[][] = [];
  for (const [i, row] of rows.entries()) {
    if (!Array.isArray(row) || row.length !== names.length) {
      throw invalid(`${OUTPUT_PATH}.rows.${i}`, `simulation.output.rows[${i}] must be a list of ${names.length} values, one per column.`);
    }
    const cells: Cell[] = [];
    for (const cell of row) {
      if (!isCell(cell)) throw invalid(`${OUTPUT_PATH}.rows.${i}`, `simulation.output.rows[${i}] holds a value that is not a string, number, boolean or null.`);
      cells.push(cell);
    }
    checked.push(cells);
  }
  return table(names, checked);
}

const isCell = (value: unknown): value is Cell =>
  value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));

const table = (columns: string[], rows: Cell[][]): TableOutput => ({
  outputs: null,
  sample_data: { columns, rows },
  shape: [rows.length, columns.length],
  text_data: null,
  type: 'table',
  variable_uuid: 'output_0',
});

const textOutput = (text: string): TextOutput => ({ outputs: null, sample_data: null, shape: null, text_data: text, type: 'text', variable_uuid: 'output_0' });

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** FNV-1a over the UTF-8 bytes: a small, stable hash to seed the generator. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) h = Math.imul(h ^ byte, 0x01000193) >>> 0;
  return h;
}

const CATEGORIES = ['north', 'south', 'east', 'west'];

/** 3 to 20 rows of `id, ds, value, category`: `ds` is the run's date, the rest drawn from the seed. */
function generatedTable(seed: OutputSeed): TableOutput {
  const random = seededRandom(hash(`${seed.pipeline_uuid}\u0000${seed.block_uuid}\u0000${seed.execution_date}`));
  const draw = (n: number) => random(new Uint8Array(1))[0]! % n;
  const count = 3 + draw(18);
  const ds = isoDay(seed.execution_date);
  const rows: Cell[][] = [];
  for (let id = 1; id <= count; id++) rows.push([id, ds, (draw(250) * 100 + draw(100)) / 100, CATEGORIES[draw(CATEGORIES.length)]!]);
  return table(['id', 'ds', 'value', 'category'], rows);
}

/** JSON bytes of stored outputs, as the storage caps count them. */
export function outputBytes(outputs: BlockOutput[]): number {
  return sizeOf(outputs);
}

/**
 * `sample_count` of the outputs route: a whole number from 1 (at most MAX_OUTPUT_ROWS; more is the whole table);
 * absent: DEFAULT_SAMPLE_COUNT.
 */
export function parseSampleCount(value: unknown): number {
  if (value === undefined || value === null || value === '') return DEFAULT_SAMPLE_COUNT;
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw badRequest(`sample_count must be a whole number from 1, not ${JSON.stringify(value)}.`);
  return Math.min(n, MAX_OUTPUT_ROWS);
}

/** The answer's outputs: each table cut to its first `sampleCount` rows, its shape still the whole table's. */
export function sampleOutputs(outputs: BlockOutput[], sampleCount = DEFAULT_SAMPLE_COUNT): BlockOutput[] {
  return outputs.map((output) =>
    output.type === 'table' ? { ...output, sample_data: { columns: output.sample_data.columns, rows: output.sample_data.rows.slice(0, sampleCount) } } : output,
  );
}

/** CSV of stored outputs at most (quoting can double a value; stored outputs are bounded well below). */
export const MAX_CSV_BYTES = 4 * MAX_OUTPUT_BYTES;

/**
 * What a download does with cells a spreadsheet would run as a formula: `escaped` (the default) writes them with a
 * leading `'`, as OWASP recommends, so Excel, LibreOffice and Google Sheets show the text; `raw` writes every cell as
 * stored, as Mage and pandas do.
 */
export type CsvFormulas = 'escaped' | 'raw';

/**
 * A cell a spreadsheet reads as a formula: text starting with `=`, `+`, `-`, `@`, a tab or a carriage return (OWASP's
 * list). Numbers are left alone: `-1.5` is a number where it was one, so only strings are escaped.
 */
const looksLikeFormula = (cell: Cell): boolean => typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell);

/**
 * Python's csv (pandas' to_csv) field: quoted when it holds a comma, a quote or a line break, quotes doubled (RFC
 * 4180); null is empty, booleans are True and False as pandas writes them.
 */
function csvField(cell: Cell, formulas: CsvFormulas): string {
  const value = cell === null ? '' : typeof cell === 'boolean' ? (cell ? 'True' : 'False') : String(cell);
  const text = formulas === 'escaped' && looksLikeFormula(cell) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvLine(cells: Cell[], formulas: CsvFormulas): string {
  // A lone empty field is quoted, so the line is not blank (a blank line reads as no record).
  if (cells.length === 1 && csvField(cells[0]!, formulas) === '') return '""';
  return cells.map((cell) => csvField(cell, formulas)).join(',');
}

/**
 * The download of a block's output for a run, as Mage's `block_outputs/:block_uuid/downloads`: the table outputs as
 * CSV, header first, lines joined by `\n` with none at the end (`x\n1\n2\n3`); a block without a table gives an
 * empty body, as Mage does. Cells that would run as formulas are escaped unless `formulas` is `raw`.
 */
export function csvDownload(
  blockUuid: string,
  outputs: BlockOutput[],
  { maxBytes = MAX_CSV_BYTES, formulas = 'escaped' }: { maxBytes?: number; formulas?: CsvFormulas } = {},
): { body: string; contentType: 'text/csv'; contentDisposition: string } {
  const lines: string[] = [];
  let bytes = 0;
  for (const output of outputs) {
    if (output.type !== 'table') continue;
    for (const cells of [output.sample_data.columns, ...output.sample_data.rows]) {
      const line = csvLine(cells, formulas);
      bytes += new TextEncoder().encode(line).length + 1;
      if (bytes > maxBytes) throw new ApiError('payload_too_large', `The CSV of block ${blockUuid}'s output is over ${maxBytes} bytes; it is not sent.`);
      lines.push(line);
    }
  }
  return { body: lines.join('\n'), contentType: 'text/csv', contentDisposition: contentDisposition(`${blockUuid}.csv`) };
}

/**
 * `attachment; filename=<block_uuid>.csv` as Mage sends it; a name that is not a plain token (a block in a folder,
 * non-ASCII) is quoted with `/` made `_`, plus its UTF-8 form (RFC 6266).
 */
export function contentDisposition(fileName: string): string {
  if (/^[A-Za-z0-9_.-]+$/.test(fileName)) return `attachment; filename=${fileName}`;
  const safe = fileName.replace(/[/\\]/g, '_');
  const ascii = safe.replace(/[^\x20-\x7e]|["]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(safe)}`;
}
