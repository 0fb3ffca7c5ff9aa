import * as z from 'zod/mini';
import { withMeta } from '../annotate.js';

/** A database a SQL block may read from or write to, with the profiles of the project's `io_config.yaml`. */
export const DataProvider = withMeta(z.object({ id: z.string(), profiles: z.array(z.string()), value: z.string() }), { id: 'DataProvider' });
