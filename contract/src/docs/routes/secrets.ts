import { defineRouteDocs } from '../define.js';

export const secretsDocs = defineRouteDocs(
  'secrets',
  {
    list: {
      summary: 'List secrets',
      description: 'Each secret’s id and name; values are never answered. `entity` and `pipeline_uuid` are accepted and ignored, as Mage does.',
      query: { entity: 'Accepted and ignored (Mage parses it)', pipeline_uuid: 'Accepted and ignored (Mage parses it)' },
    },
    create: {
      summary: 'Create a secret',
      description:
        'Stores `value` sealed (AES-256-GCM, the name as associated data) and answers `{id, name}`. Names start with a letter or underscore, then letters, digits and underscores (at most 255); a taken name is refused: secrets cannot be changed, delete then create. Values are non-empty strings of at most 64 KiB; no answer, error or log line ever repeats one.',
    },
    delete: { summary: 'Delete a secret', description: 'By name; answers the deleted secret’s id and name.' },
  },
  { name: 'secrets', description: 'Secrets: named values code reads at run time, write-only over the API (no value is ever answered).' },
);
