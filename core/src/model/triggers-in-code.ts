/** A trigger kept in code (an entry of Mage's `triggers.yaml`), stored with its pipeline. Times are ms since the epoch. */
export interface TriggerInCode {
  name: string;
  schedule_type: 'api' | 'event' | 'time' | null;
  schedule_interval: string | null;
  start_time: number | null;
  status: 'active' | 'inactive';
  settings: Record<string, unknown>;
  sla: number | null;
  variables: Record<string, unknown>;
  envs: string[];
  description: string | null;
  last_enabled_at: number | null;
  /** Copied from a stored trigger, as Mage writes it to `triggers.yaml`; never presented. */
  token: string | null;
}
