import { defineExamples } from './define.js';

/** The resources Mage's web UI reads when any page boots. */
export const projectExamples = defineExamples('projects', {
  openapi: async (run) => {
    await run('projects.list', {});
    await run('projects.update', { name: 'default_repo' }, { project: { features: { global_hooks: true }, help_improve_mage: false } });
    await run('projects.update', { name: 'default_repo' }, { project: { features: { no_such_flag: true } } });
  },
  authMatrix: {
    targets: {
      list: () => ({ path: '/api/projects' }),
      // What any viewer may change (feature flags are editors').
      update: () => ({ path: '/api/projects/default_repo', body: { project: { help_improve_mage: true } } }),
    },
  },
});

export const oauthExamples = defineExamples('oauths', {
  openapi: async (run) => {
    await run('oauths.list', {}, undefined, { redirect_uri: 'http://127.0.0.1:6789/sign-in' });
    await run('oauths.detail', { provider: 'google' });
    await run('oauths.detail', { provider: 'facebook' });
  },
  authMatrix: {
    targets: {
      list: () => ({ path: '/api/oauths', query: { redirect_uri: 'http://127.0.0.1:6789/sign-in' } }),
      detail: () => ({ path: '/api/oauths/google' }),
    },
  },
});

export const gitBranchExamples = defineExamples('gitBranches', {
  openapi: async (run) => {
    await run('gitBranches.detail', { id: 'test' }, undefined, { _format: 'with_basic_details' });
  },
  authMatrix: { targets: { detail: () => ({ path: '/api/git_branches/test', query: { _format: 'with_basic_details' } }) } },
});

export const clientPageExamples = defineExamples('clientPages', {
  openapi: async (run) => {
    await run('pipelines.create', {}, { pipeline: { name: 'nightly' } });
    await run('clientPages.detail', { uuid: 'pipeline_schedule:create' }, undefined, { 'pipelines[]': 'nightly' });
    await run('clientPages.detail', { uuid: 'pipeline_schedule:delete' });
    await run('clientPages.list', {});
    await run('pipelines.delete', { uuid: 'nightly' });
  },
  authMatrix: {
    targets: {
      list: () => ({ path: '/api/client_pages' }),
      detail: () => ({ path: '/api/client_pages/pipeline_schedule:create' }),
    },
  },
});

export const tagExamples = defineExamples('tags', {
  openapi: async (run) => {
    await run('pipelines.create', {}, { pipeline: { name: 'tagged', tags: ['nightly'] } });
    await run('tags.create', {}, { tag: { name: 'finance', description: 'Owned by the finance team' } });
    await run('tags.create', {}, { tag: { name: 'finance' } });
    await run('tags.list', {});
    await run('pipelines.delete', { uuid: 'tagged' });
  },
  authMatrix: {
    targets: {
      list: () => ({ path: '/api/tags' }),
      create: (_, n) => ({ path: '/api/tags', body: { tag: { name: `tag${n}` } } }),
    },
  },
});
