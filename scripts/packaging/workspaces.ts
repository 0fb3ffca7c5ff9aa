import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const root = fileURLToPath(new URL('../..', import.meta.url));

/** The published packages, in build order: each one's folder and name. */
export const PACKAGES = ['contract', 'core', 'mocks', 'server', 'sdk', 'query'].map((dir) => ({
  dir: join(root, dir),
  folder: dir,
  name: `@pipeline-api/${dir}`,
}));

/** What only the server needs: installing the mocks (or the SDK, the contract, the core) must never bring these. */
export const SERVER_ONLY = ['express', 'redoc', 'swagger-ui-dist'];
