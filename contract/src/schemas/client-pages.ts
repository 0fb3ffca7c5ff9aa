import * as z from 'zod/mini';
import { withMeta } from '../annotate.js';
import { jsonObject } from '../primitives.js';

/** What a page, a component of it and a field of a component share (Mage's presenters/pages models). */
const pagePart = {
  category: z.nullable(z.string()),
  disabled: z.nullable(z.boolean()),
  enabled: z.nullable(z.boolean()),
  operation: z.nullable(z.string()),
  parent: z.null(),
  resource: z.nullable(z.string()),
  uuid: z.string(),
  version: z.nullable(z.number().check(z.int())),
};

/** A component of a page (a button, a form): Mage nests fields in a form, none of which the kit's pages have. */
export const PageComponent = withMeta(z.object({ ...pagePart, components: z.array(jsonObject), metadata: jsonObject }), { id: 'PageComponent' });

/** A page of Mage's UI as the server describes it: which of its parts the caller may use. */
export const ClientPage = withMeta(z.object({ ...pagePart, components: z.optional(z.array(PageComponent)), metadata: z.optional(jsonObject) }), {
  id: 'ClientPage',
});
