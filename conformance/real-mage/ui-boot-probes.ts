import type { Difference, Probe, Reason } from './differential.js';

/**
 * What every page of Mage's web UI asks for when it boots, and the sign-in page before anyone signs in: sent to
 * both servers in the differential's session (logged in as the owner).
 */
export const UI_BOOT_PROBES: Probe[] = [
  { name: 'ui: statuses', method: 'GET', path: '/api/statuses', credentials: 'none' },
  { name: 'ui: project', method: 'GET', path: '/api/projects', credentials: 'token' },
  // The sign-in page reads it before anyone signs in: Mage's public scope answers the feature flags only.
  { name: 'ui: project, signed out', method: 'GET', path: '/api/projects', credentials: 'key' },
  { name: 'ui: sign-in providers', method: 'GET', path: '/api/oauths?redirect_uri=http%3A%2F%2F127.0.0.1%3A6789%2Fsign-in', credentials: 'key' },
  { name: 'ui: unknown provider', method: 'GET', path: '/api/oauths/facebook', credentials: 'key' },
  { name: 'ui: git branch', method: 'GET', path: '/api/git_branches/test?_format=with_basic_details', credentials: 'token' },
  { name: 'ui: tagged pipeline', method: 'POST', path: '/api/pipelines', body: { pipeline: { name: 'ui-boot-probe' } }, credentials: 'token' },
  { name: 'ui: tag the pipeline', method: 'PUT', path: '/api/pipelines/ui_boot_probe', body: { pipeline: { tags: ['nightly'] } }, credentials: 'token' },
  { name: 'ui: create a tag', method: 'POST', path: '/api/tags', body: { tag: { name: 'finance' } }, credentials: 'token' },
  { name: 'ui: tags', method: 'GET', path: '/api/tags', credentials: 'token' },
  { name: 'ui: trigger page', method: 'GET', path: '/api/client_pages/pipeline_schedule:create?pipelines[]=ui_boot_probe', credentials: 'token' },
  { name: 'ui: unknown page', method: 'GET', path: '/api/client_pages/nope:nope', credentials: 'token' },
  {
    name: 'ui: set a feature flag',
    method: 'PUT',
    path: '/api/projects/default_repo',
    body: { project: { features: { polars: true } } },
    credentials: 'token',
  },
  { name: 'ui: delete the tagged pipeline', method: 'DELETE', path: '/api/pipelines/ui_boot_probe', credentials: 'token' },
];

const uiProbe = (probe: Probe) => probe.name.startsWith('ui: ');
const tail = (path: string) =>
  path
    .replace(/\[\d+\]/g, '[]')
    .split('.')
    .pop()!;
/** The project's identity and folder, and the processes: each server's own. */
const OWN_VALUES = ['project_uuid', 'name', 'repo_path_relative', 'repo_path_relative_root', 'repo_path_root', 'server_process_id', 'scheduler_process_id'];

/** Why the answers to Mage's UI boot calls differ on purpose (docs/compatibility.md, "Mage's web UI"). */
export const UI_BOOT_REASONS: Reason[] = [
  {
    id: 'project-identity',
    why: 'Each server has its own project uuid; the kit names its project and folder as Mage’s Docker image does (`default_repo`, `/home/src/default_repo`) and has no process ids to show (null).',
    covers: (d: Difference, probe) => uiProbe(probe) && d.kind === 'value' && OWN_VALUES.includes(tail(d.path)),
  },
  {
    id: 'health-fields',
    why: 'The kit’s statuses carry its health fields, `status` and `version`, beside Mage’s.',
    covers: (d, probe) => probe.name === 'ui: statuses' && d.kind === 'only in ours' && /^statuses\[0\]\.(status|version)$/.test(d.path),
  },
  {
    id: 'scheduler-status',
    why: 'The kit reports its scheduler `stopped` until the server first drives it (within SCHEDULER_INTERVAL_MS of start); Mage reports its scheduler process.',
    covers: (d, probe) => probe.name === 'ui: statuses' && d.path === 'statuses[0].scheduler_status',
  },
  {
    id: 'latest-version',
    why: 'Mage asks PyPI for its latest release; the kit answers the version whose API it implements, 0.9.80, and calls no one.',
    covers: (d, probe) => uiProbe(probe) && tail(d.path) === 'latest_version',
  },
];
