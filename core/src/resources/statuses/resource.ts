import type { NodeAt } from '@pipeline-api/contract';
import type { Resource } from '../../resource.js';

export interface StatusView {
  version: string;
  require_user_authentication: boolean;
}

export const statusResource: Resource<NodeAt<'statuses'>, StatusView> = {
  collection: ({ config }) => ({
    records: [{ version: config.version, require_user_authentication: config.requireUserAuthentication }],
    count: 1,
  }),
};
