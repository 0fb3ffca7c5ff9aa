/**
 * What a completed block run produced, as Mage's `GET /api/block_runs/:id/outputs` shows it: a table (a sample of
 * its rows, the whole table's shape) or text. Stored in the block run when it completes (orchestration/outputs).
 */

export type Cell = string | number | boolean | null;

export interface TableOutput {
  outputs: null;
  sample_data: { columns: string[]; rows: Cell[][] };
  /** Rows and columns of the whole table (the sample may hold fewer rows). */
  shape: [number, number];
  text_data: null;
  type: 'table';
  variable_uuid: string;
}

export interface TextOutput {
  outputs: null;
  sample_data: null;
  shape: null;
  text_data: string;
  type: 'text';
  variable_uuid: string;
}

export type BlockOutput = TableOutput | TextOutput;
