import { defineExamples } from './define.js';

export const kernelsExamples = defineExamples('kernels', {
  openapi: async (run) => {
    await run('kernels.list', {});
    await run('kernels.detail', { id: '__auto_detect' });
    await run('kernels.update', { id: 'python3' }, { kernel: { action_type: 'interrupt' } });
  },
  authMatrix: {
    prepare: async () => ({}),
    targets: {
      list: () => ({ path: '/api/kernels' }),
      detail: () => ({ path: '/api/kernels/python3' }),
      update: () => ({ path: '/api/kernels/python3', body: { kernel: { action_type: 'restart' } } }),
    },
  },
});
