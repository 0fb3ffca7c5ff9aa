import { MAX_PIPELINE_VARIABLES } from '@pipeline-api/contract';
import { ApiError } from '../errors.js';
import { sizeOf } from '../repository/storage-limits.js';

/** One global variable of a pipeline (Mage keeps them in the pipeline's metadata.yaml, in the order first set). */
export interface PipelineVariableEntry {
  name: string;
  value: unknown;
}

/**
 * Python's `str.isidentifier()`: a letter or `_`, then letters, digits and `_`, where letters and digits are Unicode's
 * XID_Start and XID_Continue, as Python reads them (`données` and `_1` are names; `1 bad` and `a-b` are not).
 */
const IDENTIFIER = /^[\p{XID_Start}_]\p{XID_Continue}*$/u;

export const isPythonIdentifier = (name: string): boolean => IDENTIFIER.test(name);

/** Mage's answer for a name that is not an identifier (`{name}` is the name Mage reports: the path's on an update). */
export function checkVariableWrite(name: string, value: unknown, reported: string): void {
  if (!isPythonIdentifier(name)) throw new ApiError('record_invalid', `Invalid variable name syntax for variable name ${reported}.`);
  if (value === null || value === undefined) throw new ApiError('record_invalid', `Value is empty for variable name ${reported}.`);
}

/** `str(type(value))` in Python for a JSON value, as Mage's variables list shows it. An integral number is an `int`. */
export function pythonTypeName(value: unknown): string {
  const name =
    value === null || value === undefined
      ? 'NoneType'
      : typeof value === 'string'
        ? 'str'
        : typeof value === 'boolean'
          ? 'bool'
          : typeof value === 'number'
            ? Number.isInteger(value)
              ? 'int'
              : 'float'
            : Array.isArray(value)
              ? 'list'
              : 'dict';
  return `<class '${name}'>`;
}

/** By name, as Mage answers them (it rewrites metadata.yaml with its keys sorted). */
const byName = (a: PipelineVariableEntry, b: PipelineVariableEntry) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * The pipeline's variables after setting `name` and, on a rename, dropping `previous`, in name order; within the caps:
 * at most MAX_PIPELINE_VARIABLES, and their JSON within `maxBytes` (they go into every run's variables, whose cap
 * this is).
 */
export function withVariable(
  entries: readonly PipelineVariableEntry[],
  name: string,
  value: unknown,
  maxBytes: number,
  previous = name,
): PipelineVariableEntry[] {
  const next = [...entries.filter((e) => e.name !== previous && e.name !== name), { name, value }].sort(byName);
  if (next.length > MAX_PIPELINE_VARIABLES) {
    throw new ApiError('record_invalid', `A pipeline keeps at most ${MAX_PIPELINE_VARIABLES} global variables; delete one first. Nothing was changed.`);
  }
  const bytes = sizeOf(asObject(next));
  if (maxBytes > 0 && bytes > maxBytes) {
    throw new ApiError(
      'payload_too_large',
      `The pipeline's global variables would be ${bytes} bytes of JSON; at most ${maxBytes} are kept (MAX_RUN_VARIABLES_BYTES: every run inherits them). Nothing was changed.`,
    );
  }
  return next;
}

/** The variables as one JSON object (each name an own property, `__proto__` included). */
export function asObject(entries: readonly PipelineVariableEntry[] | undefined): Record<string, unknown> {
  return Object.fromEntries((entries ?? []).map((e) => [e.name, e.value]));
}

/** What a run's blocks read (Mage's PipelineRun.get_variables), from what each level holds. */
export interface RunVariableSources {
  /** The pipeline's global variables. */
  globals: readonly PipelineVariableEntry[] | undefined;
  /** The trigger's variables. */
  trigger: Record<string, unknown>;
  trigger_name: string;
  run: { id: number; variables: Record<string, unknown>; event_variables: Record<string, unknown>; execution_date: number };
  /** The execution date as Mage renders a datetime. */
  executionDate: string;
}

/**
 * Mage's order: the pipeline's globals, overlaid by the trigger's variables, overlaid by the run's own; event variables
 * fill names still missing and are also under `event`; then the run's facts (`ds`, `hr`, `env`, `execution_date`,
 * `pipeline_run_id`, `trigger_name`) win.
 */
export function runVariables({ globals, trigger, trigger_name, run, executionDate }: RunVariableSources): Record<string, unknown> {
  const levels: Record<string, unknown> = { ...asObject(globals), ...trigger, ...run.variables };
  // Spread, not assignment: a name such as `__proto__` stays an own property.
  const variables: Record<string, unknown> = {
    ...Object.fromEntries(Object.entries(run.event_variables).filter(([key]) => !Object.hasOwn(levels, key))),
    ...levels,
  };
  const d = new Date(run.execution_date).toISOString();
  const event = Object.hasOwn(variables, 'event') ? variables.event : undefined;
  return {
    ...variables,
    ds: d.slice(0, 10),
    hr: d.slice(11, 13),
    env: 'prod',
    event: { ...(event !== null && typeof event === 'object' && !Array.isArray(event) ? event : {}), ...run.event_variables },
    execution_date: executionDate,
    pipeline_run_id: run.id,
    trigger_name,
  };
}
