/**
 * The code Mage 0.9.80 writes into a block created without any (its generic template for the block's type and
 * language, as `fetch_template_source` renders it with no `config`), so a block added from Mage's editor holds the
 * same code on the kit. These are the rendered texts, the kit's own data: the kit renders no template.
 */
const LOADER_PY = `if 'data_loader' not in globals():
    from mage_ai.data_preparation.decorators import data_loader
if 'test' not in globals():
    from mage_ai.data_preparation.decorators import test


@data_loader
def load_data(*args, **kwargs):
    """
    Template code for loading data from any source.

    Returns:
        Anything (e.g. data frame, dictionary, array, int, str, etc.)
    """
    # Specify your data loading logic here

    return {}


@test
def test_output(output, *args) -> None:
    """
    Template code for testing the output of the block.
    """
    assert output is not None, 'The output is undefined'
`;
const LOADER_R = `load_data <- function() {
    # Specify your data loading logic here
    # Return value: loaded dataframe
    df <- read.csv(file='file_path.csv')
    df
}
`;
const TRANSFORMER_PY = `if 'transformer' not in globals():
    from mage_ai.data_preparation.decorators import transformer
if 'test' not in globals():
    from mage_ai.data_preparation.decorators import test


@transformer
def transform(data, *args, **kwargs):
    """
    Template code for a transformer block.

    Add more parameters to this function if this block has multiple parent blocks.
    There should be one parameter for each output variable from each parent block.

    Args:
        data: The output from the upstream parent block
        args: The output from any additional upstream blocks (if applicable)

    Returns:
        Anything (e.g. data frame, dictionary, array, int, str, etc.)
    """
    # Specify your transformation logic here

    return data


@test
def test_output(output, *args) -> None:
    """
    Template code for testing the output of the block.
    """
    assert output is not None, 'The output is undefined'
`;
const TRANSFORMER_R = `transform <- function(df_1, ...) {
    # Specify your transformation logic here
    # Return value: transformed dataframe.
    df_1
}
`;
const EXPORTER_PY = `if 'data_exporter' not in globals():
    from mage_ai.data_preparation.decorators import data_exporter


@data_exporter
def export_data(data, *args, **kwargs):
    """
    Exports data to some source.

    Args:
        data: The output from the upstream parent block
        args: The output from any additional upstream blocks (if applicable)

    Output (optional):
        Optionally return any object and it'll be logged and
        displayed when inspecting the block run.
    """
    # Specify your data exporting logic here


`;
const EXPORTER_R = `export_data <- function(df_1, ...) {
    # Specify your data exporting logic here
    # Return value: exported dataframe
    df_1
}
`;
const SENSOR_PY = `from mage_ai.orchestration.run_status_checker import check_status

if 'sensor' not in globals():
    from mage_ai.data_preparation.decorators import sensor


@sensor
def check_condition(*args, **kwargs) -> bool:
    """
    Template code for checking if block or pipeline run completed.
    """
    return check_status(
        'pipeline_uuid',
        kwargs['execution_date'],
        block_uuid='block_uuid',  # optional if you want the sensor to wait on a specific block
        hours=24,  # optional if you want to check for a specific time window. Default is 24 hours.
    )
`;
const CUSTOM_PY = `if 'custom' not in globals():
    from mage_ai.data_preparation.decorators import custom
if 'test' not in globals():
    from mage_ai.data_preparation.decorators import test


@custom
def transform_custom(*args, **kwargs):
    """
    args: The output from any upstream parent blocks (if applicable)

    Returns:
        Anything (e.g. data frame, dictionary, array, int, str, etc.)
    """
    # Specify your custom logic here

    return {}


@test
def test_output(output, *args) -> None:
    """
    Template code for testing the output of the block.
    """
    assert output is not None, 'The output is undefined'
`;
const CALLBACK_PY = `@on_success
def on_success_callback(**kwargs):
    pass


@on_failure
def on_failure_callback(**kwargs):
    pass
`;
const CONDITIONAL_PY = `if 'condition' not in globals():
    from mage_ai.data_preparation.decorators import condition


@condition
def evaluate_condition(*args, **kwargs) -> bool:
    return True

`;

/** Python's template for Python and YAML (Mage writes the Python one for a YAML block), R's for R. */
const pythonOrR = (python: string, r: string) =>
  new Map([
    ['python', python],
    ['yaml', python],
    ['r', r],
  ]);

/** Per block type: the code by language. A language a type has no entry for gets no code (as Mage: SQL, markdown). */
const BY_TYPE: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map([
  ['data_loader', pythonOrR(LOADER_PY, LOADER_R)],
  ['transformer', pythonOrR(TRANSFORMER_PY, TRANSFORMER_R)],
  ['data_exporter', pythonOrR(EXPORTER_PY, EXPORTER_R)],
  ['custom', new Map([['python', CUSTOM_PY]])],
  // Mage writes these three whatever the language, but SQL and markdown.
  ['sensor', pythonOrR(SENSOR_PY, SENSOR_PY)],
  ['callback', pythonOrR(CALLBACK_PY, CALLBACK_PY)],
  ['conditional', pythonOrR(CONDITIONAL_PY, CONDITIONAL_PY)],
]);

/** Pipeline types whose blocks Mage writes from other templates (Spark, streaming sources and sinks): none here. */
const OTHER_TEMPLATES: ReadonlySet<string> = new Set(['pyspark', 'streaming']);

/**
 * The code a new block gets when it is created without any: Mage's generic template for its type and language in a
 * pipeline of that type, or '' (scratchpads, markdown, charts, dbt, SQL, streaming and Spark pipelines).
 */
export function templateCode(blockType: string, language: string, pipelineType: string): string {
  if (OTHER_TEMPLATES.has(pipelineType)) return '';
  return BY_TYPE.get(blockType)?.get(language) ?? '';
}
