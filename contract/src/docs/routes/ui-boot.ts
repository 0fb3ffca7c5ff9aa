import { defineRouteDocs } from '../define.js';

export const projectDocs = defineRouteDocs(
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

export const oauthDocs = defineRouteDocs(
  'oauths',
  {
    list: {
      summary: 'List sign-in providers',
      description:
        'The kit configures no SSO or git provider, so this is always an empty list, as Mage answers without one. Needs the API key, no session (Mage’s sign-in page calls it).',
      query: { redirect_uri: 'Where a provider sends the browser back (unused: no provider)', type: '`git`: git providers only (unused: no provider)' },
    },
    detail: {
      summary: 'Start or finish a provider’s sign-in',
      description:
        'A name Mage does not know is 400 `Invalid provider.`; one it knows is answered as not configured: no `url` to sign in with, not `authenticated` (the kit has no SSO or git integration, and starts no sign-in with any provider).',
      query: { redirect_uri: 'Where the provider sends the browser back', code: 'The provider’s authorization code' },
    },
  },
  { name: 'oauths', description: 'Single sign-on and git providers: none are configured on the kit.' },
);

export const gitBranchDocs = defineRouteDocs(
  'gitBranches',
  {
    detail: {
      summary: 'Read the current git branch',
      description: 'The kit has no git: the answer is Mage’s without git configured (no branch name, no files), whatever the id. Viewers and up.',
    },
  },
  { name: 'git_branches', description: 'Version control of the project: the kit has none, and says so as Mage does.' },
);

export const clientPageDocs = defineRouteDocs(
  'clientPages',
  {
    list: {
      summary: 'List the UI’s pages',
      description:
        'Mage’s four described pages (`pipeline:list`, `pipeline:detail`, `pipeline_schedule:list`, `pipeline_schedule:create`) without their components. Viewers and up.',
      query: { 'pipelines[]': 'Pipeline uuids the pages are shown for' },
    },
    detail: {
      summary: 'Read a UI page',
      description:
        'Which parts of a page of Mage’s UI the caller may use: `pipeline_schedule:create` is `disabled` for a caller who may not create a trigger (viewers); its interactions button is off (the kit has no interactions). An unknown uuid is a 404. Any query param but `pipelines[]` and the meta params is a 400.',
      query: { 'pipelines[]': 'Pipeline uuids the page is shown for (unknown ones are left out, as Mage)' },
    },
  },
  { name: 'client_pages', description: 'What Mage’s UI may show on a page, for the caller.' },
);

export const tagDocs = defineRouteDocs(
  'tags',
  {
    list: {
      summary: 'List tags',
      description:
        'Created tags and every tag a pipeline or a trigger carries, one per name, sorted by name; created ones have an `id` and a `description`. 1000 a page unless `_limit` says otherwise. Viewers and up.',
    },
    create: {
      summary: 'Create a tag',
      description: 'Editors and up. A name taken by a created tag is a 400; at most 1000 created tags.',
    },
  },
  { name: 'tags', description: 'Labels on pipelines and triggers, which Mage’s UI filters by.' },
);
