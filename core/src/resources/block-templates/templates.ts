import type { BlockTemplate } from '@pipeline-api/contract';

const template = (t: Pick<BlockTemplate, 'block_type' | 'description' | 'name' | 'path'> & { groups?: string[] }): BlockTemplate => ({
  configuration: null,
  defaults: null,
  groups: t.groups ?? null,
  language: 'python',
  template_type: null,
  template_variables: null,
  ...t,
});

/** Mage 0.9.80's `TEMPLATES` (mage_ai/data_preparation/templates/constants.py), in its order: the "add block" menus' entries. */
export const BLOCK_TEMPLATES: readonly BlockTemplate[] = [
  template({ block_type: 'data_loader', description: 'Load a Table from Airtable App.', name: 'Airtable', path: 'data_loaders/airtable.py' }),
  template({
    block_type: 'data_loader',
    description: 'Load a Delta Table from Amazon S3.',
    groups: ['Delta Lake'],
    name: 'Amazon S3',
    path: 'data_loaders/deltalake/s3.py',
  }),
  template({
    block_type: 'data_loader',
    description: 'Load a Delta Table from Azure Blob Storage.',
    groups: ['Delta Lake'],
    name: 'Azure Blob Storage',
    path: 'data_loaders/deltalake/azure_blob_storage.py',
  }),
  template({
    block_type: 'data_loader',
    description: 'Load a Delta Table from Google Cloud Storage.',
    groups: ['Delta Lake'],
    name: 'Google Cloud Storage',
    path: 'data_loaders/deltalake/gcs.py',
  }),
  template({
    block_type: 'data_loader',
    description: 'Load data from MongoDB.',
    groups: ['Databases (NoSQL)'],
    name: 'MongoDB',
    path: 'data_loaders/mongodb.py',
  }),
  template({ block_type: 'data_loader', description: 'Load data from MSSQL.', groups: ['Databases'], name: 'MSSQL', path: 'data_loaders/mssql.py' }),
  template({
    block_type: 'data_exporter',
    description: 'Export data to a Delta Table in Amazon S3.',
    groups: ['Delta Lake'],
    name: 'Amazon S3',
    path: 'data_exporters/deltalake/s3.py',
  }),
  template({
    block_type: 'data_exporter',
    description: 'Export data to a Delta Table in Azure Blob Storage.',
    groups: ['Delta Lake'],
    name: 'Azure Blob Storage',
    path: 'data_exporters/deltalake/azure_blob_storage.py',
  }),
  template({
    block_type: 'data_exporter',
    description: 'Export data to a Delta Table in Google Cloud Storage.',
    groups: ['Delta Lake'],
    name: 'Google Cloud Storage',
    path: 'data_exporters/deltalake/gcs.py',
  }),
  template({ block_type: 'data_exporter', description: 'Export data to MongoDB.', name: 'MongoDB', path: 'data_exporters/mongodb.py' }),
  template({ block_type: 'data_exporter', description: 'Export data to MSSQL.', groups: ['Databases'], name: 'MSSQL', path: 'data_exporters/mssql.py' }),
  template({
    block_type: 'data_loader',
    description: 'Trigger another pipeline to run.',
    groups: ['Orchestration'],
    name: 'Trigger pipeline',
    path: 'data_loaders/orchestration/triggers/default.jinja',
  }),
  template({
    block_type: 'data_exporter',
    description: 'Trigger another pipeline to run.',
    groups: ['Orchestration'],
    name: 'Trigger pipeline',
    path: 'data_exporters/orchestration/triggers/default.jinja',
  }),
  template({ block_type: 'callback', description: 'Base template with empty functions.', name: 'Base template', path: 'callbacks/base.jinja' }),
  template({
    block_type: 'callback',
    description: 'Trigger another pipeline to run.',
    groups: ['Orchestration'],
    name: 'Trigger pipeline',
    path: 'callbacks/orchestration/triggers/default.jinja',
  }),
  template({ block_type: 'conditional', description: 'Base template with empty functions.', name: 'Base template', path: 'conditionals/base.jinja' }),
];
