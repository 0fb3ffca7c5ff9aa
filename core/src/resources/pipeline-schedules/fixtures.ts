import { described, PipelineSchedule, PipelineScheduleCreate } from '@pipeline-api/contract';
import * as z from 'zod/mini';
import { defineFixtures, itemOf } from '../../fixture-declaration.js';
import { splitItem } from '../../fixture-item.js';

/** A trigger to create on a pipeline (seeded after the pipelines, so it may name one of them). */
const TriggerFixture = z.extend(PipelineScheduleCreate, {
  pipeline_uuid: described(z.string().check(z.minLength(1)), 'The pipeline it triggers (a pipeline named "My ETL" has the uuid my_etl)'),
});
export type TriggerFixture = z.infer<typeof TriggerFixture>;

/** The key a trigger fixture adds: the pipeline it is created on. */
const TriggerFixtureKeys = z.pick(TriggerFixture, { pipeline_uuid: true });

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
