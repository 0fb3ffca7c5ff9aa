import { PipelineSchedule, PipelineScheduleCreate } from '@pipeline-api/contract';
import * as z from 'zod';
import { defineFixtures, itemOf } from '../../fixtures/declaration.js';
import { splitItem } from '../../fixtures/item.js';

/** A trigger to create on a pipeline (seeded after the pipelines, so it may name one of them). */
const TriggerFixture = PipelineScheduleCreate.extend({
  pipeline_uuid: z.string().min(1).describe('The pipeline it triggers (a pipeline named "My ETL" has the uuid my_etl)'),
});
export type TriggerFixture = z.infer<typeof TriggerFixture>;

/** The key a trigger fixture adds: the pipeline it is created on. */
const TriggerFixtureKeys = TriggerFixture.pick({ pipeline_uuid: true });

export const triggerFixtures = defineFixtures({
  key: 'triggers',
  schema: TriggerFixture,
  description: 'Triggers (pipeline schedules) to create, each on its pipeline',
  seed: async (call, item) => {
    const { own, rest: trigger } = splitItem(item, TriggerFixtureKeys);
    const created = await call('pipelines.pipelineSchedules.create', { pipeline_uuid: own.pipeline_uuid }, { pipeline_schedule: trigger });
    return PipelineSchedule.parse(itemOf(created, 'pipeline_schedule'));
  },
});
