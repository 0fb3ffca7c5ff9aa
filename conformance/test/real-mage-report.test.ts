import { describe, expect, it } from 'vitest';
import { compare, PROBES, REASONS, type Answer, type Row } from '../real-mage/differential.js';
import type { ProfileResult } from '../real-mage/profile.js';
import { renderCompatibility } from '../real-mage/report.js';

/** What one run of Mage answered where values depend on the run: its temporary folder, the clock, log files. */
interface RunValues {
  /** The order Mage listed the triggers in (its scheduler's timing). */
  order: number[];
  tmp: string;
  now: string;
  stamp: string;
  logSize: number;
  modified: number;
  /** The day runs ran, as monitor stats key it; how long they took; the kit's sample rows generated for it. */
  day: string;
  seconds: number;
  generated: unknown[][];
}

const probe = (name: string) => PROBES.find((p) => p.name === name)!;

function rows(run: RunValues, ourDescription = 'nightly'): Row[] {
  const row = (name: string, mage: Answer, ours: Answer): Row => ({
    probe: probe(name),
    mage,
    ours,
    differences: compare(mage, ours).map((difference) => ({
      difference,
      reason: REASONS.find((r) => r.covers(difference, probe(name), mage, ours)),
    })),
  });
  return [
    row(
      'create time trigger',
      { status: 200, body: { pipeline_schedule: { id: 1, repo_path: `${run.tmp}/project`, start_time: '2026-01-01 00:00:00', created_at: run.now } } },
      {
        status: 200,
        body: {
          pipeline_schedule: { id: 1, repo_path: '/home/src/default_repo', start_time: '2026-01-01 00:00:00.000000+00:00', created_at: '2026-02-02' },
          status: 200,
        },
      },
    ),
    row(
      'cancel the waiting run',
      { status: 200, body: { pipeline_run: { id: 2, completed_at: null } } },
      { status: 200, body: { pipeline_run: { id: 2, completed_at: run.now }, status: 200 } },
    ),
    row(
      "the pipeline's logs",
      {
        status: 200,
        body: {
          logs: [
            {
              block_run_logs: [
                {
                  name: 'load.log',
                  path: `${run.tmp}/data/project/pipelines/p/.logs/2/${run.stamp}/load.log`,
                  size: run.logSize,
                  modified_timestamp: run.modified,
                  content: `${run.now.replace(' ', 'T')} INFO load_cities started`,
                },
              ],
            },
          ],
        },
      },
      {
        status: 200,
        body: {
          logs: [
            {
              block_run_logs: [
                {
                  name: 'load.log',
                  path: 'pipelines/p/.logs/2/20260101T000000/load.log',
                  size: 10,
                  modified_timestamp: 1,
                  content: `{"timestamp":${run.modified},"level":"INFO"}`,
                },
              ],
            },
          ],
          status: 200,
        },
      },
    ),
    row(
      'list every trigger',
      { status: 200, body: { pipeline_schedules: run.order.map((id) => ({ id })) } },
      { status: 200, body: { pipeline_schedules: [3, 2, 1].map((id) => ({ id })), status: 200 } },
    ),
    row(
      'run times of a pipeline',
      { status: 200, body: { monitor_stat: { stats: { p: { data: { [run.day]: run.seconds * 3 } } } } } },
      { status: 200, body: { monitor_stat: { stats: { p: { data: { [run.day]: run.seconds } } } }, status: 200 } },
    ),
    row(
      "the transformer's output",
      { status: 200, body: { outputs: [{ sample_data: { rows: [['Lisbon', 21, 69.8]] }, shape: [3, 3] }] } },
      { status: 200, body: { outputs: [{ sample_data: { rows: run.generated }, shape: [run.generated.length, 4] }], status: 200 } },
    ),
    row(
      'update pipeline',
      { status: 200, body: { pipeline: { description: 'nightly' } } },
      { status: 200, body: { pipeline: { description: ourDescription }, status: 200 } },
    ),
  ];
}

const profile: ProfileResult[] = [{ scenario: 'login', passed: true, detail: '' }];
const first: RunValues = {
  order: [1, 2, 3],
  tmp: '/tmp/real-mage.Ko0QG1',
  now: '2026-11-23 00:36:49.297000',
  stamp: '20261123T003523_159512',
  logSize: 1321,
  modified: 1795394141.96,
  day: '2026-11-23',
  seconds: 7.969,
  generated: [[1, '2026-11-23', 50.45, 'west']],
};
const second: RunValues = {
  order: [2, 1, 3],
  tmp: '/tmp/real-mage.Zq81xa',
  now: '2026-11-24 09:12:03.000100',
  stamp: '20261124T091203_000100',
  logSize: 1324,
  modified: 1795480323.5,
  day: '2026-11-24',
  seconds: 8.0833,
  generated: [
    [1, '2026-11-24', 200.75, 'east'],
    [2, '2026-11-24', 153.04, 'south'],
  ],
};

describe('docs/compatibility.md: the real-Mage report', () => {
  it('is the same for two runs that differ only in paths, times, log sizes and timestamps', () => {
    const a = renderCompatibility(rows(first), profile, profile);
    const b = renderCompatibility(rows(second), profile, profile);
    expect(b).toBe(a);
    expect(a).not.toMatch(/real-mage\.|2026-11-2[34]|20261123T|1321|1795394141|7\.969|50\.45/);
    expect(a).toContain('`pipeline_run.completed_at`: null / (set)');
    expect(a).toContain('"<tmp>/project" / "/home/src/default_repo"');
    // How each server writes a datetime is kept: that is behaviour.
    expect(a).toContain('`pipeline_schedule.start_time`: "YYYY-MM-DD HH:MM:SS" / "YYYY-MM-DD HH:MM:SS.ffffff+00:00"');
    expect(a).toContain('"YYYY-MM-DDTHH:MM:SS.ffffff INFO load_cities started"');
    expect(a).toContain('[list-order] `pipeline_schedules[].id (order)` differs');
    expect(a).toContain('[simulated-durations] `monitor_stat.stats.p.data.YYYY-MM-DD`: (seconds) / (seconds)');
    // Mage's own rows are the code's answer, kept; the kit's are drawn from the run's date.
    expect(a).toContain('`outputs[0].sample_data.rows`: [["Lisbon",21,69.8]] / (generated), `outputs[0].shape`: [3,3] / (generated)');
    expect(a).toContain('{\\"timestamp\\":<unix time>');
  });

  it('still changes when behaviour changes', () => {
    expect(renderCompatibility(rows(second, 'weekly'), profile, profile)).not.toBe(renderCompatibility(rows(first), profile, profile));
  });
});
