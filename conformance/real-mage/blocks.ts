import type { Client } from '@pipeline-api/sdk';

/**
 * Real block code, decorated as Mage's own templates write it, for the pipelines the differential and the
 * profile run. Mage executes it (its scheduler runs each block in a job process, then the block's @test
 * functions); the reference server stores it and simulates the run (docs/runs.md). The transformer's test
 * checks the computed values, so a `completed` run on Mage means the code ran and gave the right answer.
 */
export const LOADER_CODE = `import pandas as pd

if 'data_loader' not in globals():
    from mage_ai.data_preparation.decorators import data_loader
if 'test' not in globals():
    from mage_ai.data_preparation.decorators import test


@data_loader
def load_data(*args, **kwargs):
    # Three rows made here: no network, no files.
    return pd.DataFrame({'city': ['Lisbon', 'Oslo', 'Quito'], 'celsius': [21, 4, 14]})


@test
def test_output(output, *args) -> None:
    assert output is not None, 'The output is undefined'
    assert len(output) == 3, 'three rows'
`;

export const TRANSFORMER_CODE = `if 'transformer' not in globals():
    from mage_ai.data_preparation.decorators import transformer
if 'test' not in globals():
    from mage_ai.data_preparation.decorators import test


@transformer
def transform(data, *args, **kwargs):
    data['fahrenheit'] = data['celsius'] * 9 / 5 + 32
    return data


@test
def test_output(output, *args) -> None:
    assert list(output['fahrenheit']) == [69.8, 39.2, 57.2], 'celsius to fahrenheit'
`;

/** A loader that fails, on both servers: Mage raises the error; the kit's simulation is told to fail it. */
export const FAILING_LOADER_CODE = `if 'data_loader' not in globals():
    from mage_ai.data_preparation.decorators import data_loader


@data_loader
def load_data(*args, **kwargs):
    raise ValueError('the source is down')
`;
export const FAILING_LOADER_CONFIGURATION = { simulation: { outcome: 'fail' } };

/** The tours' two blocks in a pipeline: `load_cities` (the loader) and `to_fahrenheit` below it (the transformer). */
export async function addCityBlocks(client: Client, pipeline: string): Promise<void> {
  await client.pipelines.blocks.create(pipeline, { name: 'load_cities', type: 'data_loader', content: LOADER_CODE });
  await client.pipelines.blocks.create(pipeline, { name: 'to_fahrenheit', type: 'transformer', upstream_blocks: ['load_cities'], content: TRANSFORMER_CODE });
}
