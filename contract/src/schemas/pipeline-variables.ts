import * as z from 'zod/mini';
import { withMeta } from '../annotate.js';

/** The most global variables one pipeline keeps, and the longest name (the server checks both). */
export const MAX_PIPELINE_VARIABLES = 100;
export const MAX_VARIABLE_NAME_LENGTH = 255;

const uuidOf = z.object({ uuid: z.string() });

/** One global variable as a list shows it: Python's type name of its value (`<class 'str'>`), as Mage's answer. */
export const PipelineVariableValue = withMeta(z.object({ uuid: z.string(), type: z.string(), value: z.unknown() }), { id: 'PipelineVariableValue' });

/**
 * As Mage's VariablePresenter shows it. A list's one entry has `block.uuid: 'global'`, `name` and `value` null, and
 * `variables` holding each global variable with its value and type; a written or deleted variable has its `name` and
 * `value`, and `variables` holding the names the pipeline has now.
 */
export const PipelineVariable = withMeta(
  z.object({
    block: uuidOf,
    name: z.nullable(z.string()),
    pipeline: uuidOf,
    value: z.unknown(),
    variables: z.array(z.union([PipelineVariableValue, z.string()])),
  }),
  { id: 'PipelineVariable' },
);

/** A variable's value: any JSON but null (Mage: "Value is empty"). */
const variableValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.unknown()), z.record(z.string(), z.unknown())]);

/** A create or update: `name` must be a Python identifier (the server says so, in Mage's words); `value` is required and not null (Mage: "Value is empty"). */
export const PipelineVariableWrite = withMeta(
  z.object({
    name: z.string().check(z.maxLength(MAX_VARIABLE_NAME_LENGTH)),
    value: variableValue,
  }),
  { id: 'PipelineVariableWrite' },
);

/** An update: `name` defaults to the one in the path; another one renames the variable. */
export const PipelineVariableUpdate = withMeta(
  z.object({
    name: z.optional(z.string().check(z.maxLength(MAX_VARIABLE_NAME_LENGTH))),
    value: variableValue,
  }),
  { id: 'PipelineVariableUpdate' },
);
