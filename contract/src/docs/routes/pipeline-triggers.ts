import { defineRouteDocs } from '../define.js';

export const pipelineTriggersDocs = defineRouteDocs(
  'pipelineTriggers',
  {
    list: {
      summary: 'List the triggers a pipeline keeps in code',
      description: "The entries of Mage's `triggers.yaml` for this pipeline, in the order they were first saved. Tokens are never shown.",
    },
    create: {
      summary: 'Save a trigger in code',
      description:
        'With `pipeline_schedule_id`: copies that stored trigger of this pipeline (its token too, never shown). Otherwise a full trigger with its `name`. A name already kept is replaced in place, keeping its `envs` unless sent (Mage’s add_or_update). Neither an id nor a name is 400 “Pipeline schedule ID or trigger name is required.” At most 100 a pipeline.',
    },
  },
  {
    name: 'triggers-in-code',
    description:
      "Triggers kept with the pipeline's code (Mage's `triggers.yaml`): what a Git repository would carry. They are records of their own, not the stored triggers the scheduler fires.",
  },
);
