import { defineRouteDocs } from '../define.js';

export const projectsDocs = defineRouteDocs(
  'projects',
  {
    list: {
      summary: 'Read the project',
      description:
        'The one project the server serves, as Mage’s ProjectPresenter sends it: its name and folder (Mage’s Docker default, `default_repo`), `project_uuid` (made once per data directory), `version` and `latest_version` (`0.9.80`, the Mage version whose API the kit answers), the feature flags (each null until set). Viewers and up. With the API key and no session (the sign-in page), the feature flags only, as Mage’s public scope answers; an expired or bad token is a 401, which Mage’s UI answers with its sign-in page.',
    },
    update: {
      summary: 'Change the project’s settings',
      description:
        'Editors and up change `features` (known flags only; a null value leaves a flag as it is, as Mage), `openai_api_key` (accepted, never stored or answered: the kit has no AI features), `emr_config`, `spark_config` and `remote_variables_dir`; any viewer changes `help_improve_mage`. `:name` is the project’s name; another is a 404.',
    },
  },
  { name: 'projects', description: 'The project the server serves: its identity, feature flags and settings (Mage’s `metadata.yaml`).' },
);
