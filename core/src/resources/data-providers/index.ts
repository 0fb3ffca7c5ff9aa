import type { NodeAt, NodeItemOf } from '@pipeline-api/contract';
import { role } from '../../auth/rules.js';
import { definePolicy } from '../../policy.js';
import { definePresenter } from '../../presenter.js';
import { defineResource, paginate, type Resource } from '../../resource.js';

interface DataProvider {
  id: string;
  value: string;
}

/** Mage 0.9.80's `DATA_PROVIDERS`, in its order: the databases its SQL blocks connect to. */
const DATA_PROVIDERS: readonly DataProvider[] = [
  { id: 'BigQuery', value: 'bigquery' },
  { id: 'Chroma', value: 'chroma' },
  { id: 'ClickHouse', value: 'clickhouse' },
  { id: 'Druid', value: 'druid' },
  { id: 'DuckDB', value: 'duckdb' },
  { id: 'Microsoft SQL Server', value: 'mssql' },
  { id: 'MySQL', value: 'mysql' },
  { id: 'PostgreSQL', value: 'postgres' },
  { id: 'Redshift', value: 'redshift' },
  { id: 'Snowflake', value: 'snowflake' },
  { id: 'Spark', value: 'spark' },
  { id: 'Trino', value: 'trino' },
];

/** The profiles of a new Mage project's `io_config.yaml` (its keys but `version`): the kit keeps no other. */
const PROFILES = ['default'];

const dataProviderResource: Resource<NodeAt<'dataProviders'>, DataProvider> = {
  collection: (ctx) => paginate(DATA_PROVIDERS, ctx),
};

/** `GET /api/data_providers`: what a SQL block's connection menu offers (Mage's DataProviderResource); viewers and up. */
export const dataProviders = defineResource('dataProviders', {
  resource: dataProviderResource,
  policy: definePolicy({ resource: 'data_providers', actions: { list: role('viewer') } }),
  presenter: definePresenter<DataProvider, undefined, NodeItemOf<NodeAt<'dataProviders'>>>({
    attributes: { id: (p) => p.id, profiles: () => [...PROFILES], value: (p) => p.value },
    formats: { default: ['id', 'profiles', 'value'] },
  }),
});
