import { definePolicy } from '../../policy.js';
import { always } from '../../auth/rules.js';

/** The health check: open to anyone, no credentials. */
export const statusPolicy = definePolicy({ resource: 'statuses', actions: { list: always }, tokenless: ['list'] });
