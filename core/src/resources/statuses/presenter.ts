import type { NodeAt, NodeItemOf } from '@pipeline-api/contract';
import { definePresenter } from '../../presenter.js';
import type { StatusView } from './resource.js';

export const statusPresenter = definePresenter<StatusView, undefined, NodeItemOf<NodeAt<'statuses'>>>({
  attributes: {
    status: () => 'ok',
    version: (s) => s.version,
    require_user_authentication: (s) => s.require_user_authentication,
  },
  formats: { default: ['status', 'version', 'require_user_authentication'] },
});
