import { defineRouteDocs } from '../define.js';

export const kernelsDocs = defineRouteDocs('kernels', {
  list: { summary: 'List kernels', description: 'The one kernel, Mage’s default `python3`, alive. The kit runs no code: see docs/mage-ui.md, “Running code”.' },
  detail: { summary: 'Show a kernel', description: 'Any id answers the one kernel, as Mage answers its default kernel for an id it does not know.' },
  update: {
    summary: 'Interrupt or restart the kernel',
    description: '`action_type` `interrupt` or `restart`: nothing runs, so nothing stops; the kernel is answered as it is.',
  },
});
