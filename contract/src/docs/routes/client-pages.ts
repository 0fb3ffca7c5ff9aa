import { defineRouteDocs } from '../define.js';

export const clientPagesDocs = defineRouteDocs(
  'clientPages',
  {
    list: {
      summary: 'List the UI’s pages',
      description:
        'Mage’s four described pages (`pipeline:list`, `pipeline:detail`, `pipeline_schedule:list`, `pipeline_schedule:create`) without their components. Viewers and up.',
      query: { 'pipelines[]': 'Pipeline uuids the pages are shown for' },
    },
    detail: {
      summary: 'Read a UI page',
      description:
        'Which parts of a page of Mage’s UI the caller may use: `pipeline_schedule:create` is `disabled` for a caller who may not create a trigger (viewers); its interactions button is off (the kit has no interactions). An unknown uuid is a 404. Any query param but `pipelines[]` and the meta params is a 400.',
      query: { 'pipelines[]': 'Pipeline uuids the page is shown for (unknown ones are left out, as Mage)' },
    },
  },
  { name: 'client_pages', description: 'What Mage’s UI may show on a page, for the caller.' },
);
