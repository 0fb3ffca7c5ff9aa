import * as z from 'zod/mini';
import { withMeta } from '../annotate.js';
import { jsonObject } from '../primitives.js';

/** A global data product (Mage's `global_data_products.yaml`); the kit keeps none. */
export const GlobalDataProduct = withMeta(
  z.object({
    uuid: z.string(),
    object_type: z.nullable(z.string()),
    object_uuid: z.nullable(z.string()),
    outdated_after: z.nullable(jsonObject),
    outdated_starting_at: z.nullable(jsonObject),
    settings: z.nullable(jsonObject),
    project: z.nullable(z.string()),
    repo_path: z.nullable(z.string()),
  }),
  { id: 'GlobalDataProduct' },
);
