import { payloadAttributes, type NodeAt, type NodeItemOf } from '@pipeline-api/contract';
import { each, role } from '../../auth/rules.js';
import { notFound } from '../../errors.js';
import { definePolicy } from '../../policy.js';
import { definePresenter } from '../../presenter.js';
import { defineResource, type Resource } from '../../resource.js';

/** The one kernel: Mage's default Python kernel. The kit runs no code (docs/mage-ui.md, "Running code"). */
interface KernelState {
  id: string;
}

const PYTHON_KERNEL: KernelState = { id: 'python3' };
/** The contract's bound on a kernel id in the path. */
const MAX_KERNEL_ID = 255;

const kernelResource: Resource<NodeAt<'kernels'>, KernelState> = {
  collection: () => ({ records: [PYTHON_KERNEL], count: 1 }),
  // Mage answers its default kernel for an id it does not know (its UI asks for `__auto_detect`); an id past the
  // contract's bound names none.
  member: (id) => {
    if (id.length > MAX_KERNEL_ID) throw notFound(`No kernel has an id of ${id.length} characters: kernel ids are at most ${MAX_KERNEL_ID}.`);
    return PYTHON_KERNEL;
  },
  // Interrupt and restart have nothing to stop: no code runs. The kernel is answered as it is.
  update: async (kernel) => kernel,
};

/** `/api/kernels[/:id]`: the editor's kernel status and its interrupt and restart buttons (Mage's KernelPolicy). */
export const kernels = defineResource('kernels', {
  resource: kernelResource,
  policy: definePolicy({
    resource: 'kernels',
    actions: { list: role('viewer'), detail: role('viewer'), update: role('editor') },
    writes: { update: each(payloadAttributes('kernels.update'), role('editor')) },
  }),
  presenter: definePresenter<KernelState, undefined, NodeItemOf<NodeAt<'kernels'>>>({
    attributes: { id: (k) => k.id, name: () => 'python3', alive: () => true, usage: () => null, processes: () => null },
    formats: { default: ['alive', 'id', 'name', 'processes', 'usage'] },
  }),
});
