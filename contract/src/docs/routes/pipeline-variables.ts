import { defineRouteDocs } from '../define.js';

export const pipelineVariablesDocs = defineRouteDocs(
  'pipelineVariables',
  {
    list: {
      summary: "List a pipeline's global variables",
      description:
        "One entry, `block.uuid: 'global'`, whose `variables` are the pipeline's global variables in name order (as Mage, which keeps them sorted), each with its value and Python's type name (`<class 'str'>`; an integral number is an `int`). Mage also lists block output variables without `global_only`; the kit keeps none (block outputs are under `/api/block_runs/:id/outputs`), so both answers are the same.",
      query: { global_only: 'Only the global variables (`true`, as Mage’s UI sends); the answer is the same without it.' },
    },
    create: {
      summary: 'Set a global variable',
      description:
        'Sets `name` to `value` (any JSON but null). A name must be a Python identifier (letters, digits and `_`, not starting with a digit; Unicode letters as Python allows): else 400 “Invalid variable name syntax for variable name …”. A null or missing value is 400 “Value is empty for variable name …”. An existing name is overwritten, as Mage does. At most 100 variables a pipeline, and their JSON together within the run-variables cap (MAX_RUN_VARIABLES_BYTES): every run of the pipeline inherits them.',
    },
    update: {
      summary: 'Change a global variable',
      description:
        'Sets the variable named in the path to `value`; a `name` in the body that differs renames it. A name the pipeline does not have is a 404. The same name and value rules as a create.',
    },
    delete: {
      summary: 'Delete a global variable',
      description: 'Answers the deleted variable and the names left. A name the pipeline does not have is a 404.',
    },
  },
  {
    name: 'variables',
    description:
      "A pipeline's global variables (Mage keeps them in the pipeline's metadata.yaml): every run of the pipeline reads them, under its trigger's and its own.",
  },
);
