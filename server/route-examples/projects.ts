import { defineExamples } from './define.js';

/** The resources Mage's web UI reads when any page boots. */
export const projectsExamples = defineExamples('projects', {
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
