import type { PipelineSchedule } from '@pipeline-api/sdk';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { Api } from './app.js';
import { Alert } from './errors.js';
import { fieldText } from './form.js';

/** A pipeline's triggers: create an API or a cron trigger, enable or disable one, copy an API trigger's URL, run one now. */
export function Triggers({ api, baseUrl, pipeline }: Api & { pipeline: string }) {
  const triggers = useQuery(api.pipelines.pipelineSchedules.list.queryOptions(pipeline));
  return (
    <section className="triggers">
      <h2>Triggers</h2>
      <Alert error={triggers.error} />
      <ul>
        {triggers.data?.map((t) => (
          <Trigger key={t.id} api={api} baseUrl={baseUrl} trigger={t} />
        ))}
      </ul>
      <NewTrigger api={api} pipeline={pipeline} />
    </section>
  );
}

function NewTrigger({ api, pipeline }: Pick<Api, 'api'> & { pipeline: string }) {
  const [kind, setKind] = useState<'api' | 'cron'>('api');
  const create = useMutation(api.pipelines.pipelineSchedules.create.mutationOptions());
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = fieldText(form, 'name');
    create.mutate({
      pipeline_uuid: pipeline,
      pipeline_schedule: kind === 'api' ? { name, schedule_type: 'api' } : { name, schedule_type: 'time', schedule_interval: fieldText(form, 'cron') },
    });
  };
  return (
    <form className="new-trigger" onSubmit={submit}>
      <label>
        Name <input name="name" required defaultValue="from CI" />
      </label>{' '}
      <select aria-label="Trigger type" value={kind} onChange={(e) => setKind(e.target.value === 'cron' ? 'cron' : 'api')}>
        <option value="api">API</option>
        <option value="cron">cron</option>
      </select>{' '}
      {kind === 'cron' && (
        <label>
          Schedule <input name="cron" required defaultValue="0 6 * * *" size={12} />
        </label>
      )}{' '}
      <button type="submit" disabled={create.isPending}>
        Create trigger
      </button>
      <Alert error={create.error} />
    </form>
  );
}

/** Mage's API trigger URL: what a CI job POSTs to, with the trigger's token instead of a key or a session. */
export const triggerUrl = (baseUrl: string, trigger: PipelineSchedule) => `${baseUrl}/api/pipeline_schedules/${trigger.id}/pipeline_runs/${trigger.token}`;

function Trigger({ api, baseUrl, trigger }: Api & { trigger: PipelineSchedule }) {
  const toggle = useMutation(api.pipelineSchedules.update.mutationOptions());
  const run = useMutation(api.pipelineSchedules.pipelineRuns.create.mutationOptions());
  const [copied, setCopied] = useState<string>();
  const active = trigger.status === 'active';
  const url = trigger.schedule_type === 'api' && trigger.token ? triggerUrl(baseUrl, trigger) : undefined;
  const copy = (text: string) =>
    navigator.clipboard.writeText(text).then(
      () => setCopied('Copied'),
      () => setCopied('Copy failed: select the URL'),
    );
  return (
    <li className="trigger" data-trigger={trigger.name}>
      <strong>{trigger.name}</strong> <small>{trigger.schedule_type === 'time' ? trigger.schedule_interval : trigger.schedule_type}</small>{' '}
      <span className={`status ${trigger.status}`}>{trigger.status}</span>{' '}
      <button onClick={() => toggle.mutate({ id: trigger.id, pipeline_schedule: { status: active ? 'inactive' : 'active' } })} disabled={toggle.isPending}>
        {active ? 'Disable' : 'Enable'}
      </button>{' '}
      <button onClick={() => run.mutate({ pipeline_schedule_id: String(trigger.id), pipeline_run: {} })} disabled={run.isPending}>
        Run now
      </button>
      {url && (
        <div className="url">
          <code>{url}</code> <button onClick={() => void copy(url)}>Copy URL</button> {copied && <small>{copied}</small>}
        </div>
      )}
      <Alert error={toggle.error ?? run.error} />
    </li>
  );
}
