import { defineRouteDocs } from '../define.js';

const STATUS =
  'Needs no credentials. The kit’s `status` and `version`, then Mage’s fields: its web UI reads `require_user_authentication` (to send a signed-out visitor to sign-in) and `is_instance_manager`. The project’s folder is Mage’s Docker default, `/home/src/default_repo`, on every server; process ids are null; `scheduler_status` is `running` once the server has driven its scheduler.';

export const statusesDocs = defineRouteDocs(
  'statuses',
  {
    health: { summary: 'Health check', description: STATUS },
    list: {
      summary: 'Health check (Mage’s plural path)',
      description: `The same answer as \`GET /api/status\`: Mage routes both, and its web UI asks for this one. ${STATUS}`,
    },
  },
  { name: 'health', description: 'Is the server up? The one route that needs no credentials.' },
);
