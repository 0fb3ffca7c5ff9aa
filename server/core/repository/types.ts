import type { RoleName } from '../auth/roles.js';
import type { OrderedKeys } from './sorted-keys.js';

export interface UserRecord {
  id: number;
  email: string;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  avatar: string | null;
  role: RoleName | null;
  password_hash: string;
  created_at: number;
  updated_at: number;
}

export interface TokenRecord {
  /** SHA-256 (hex) of the decoded token; the token itself is never stored. */
  key: string;
  user_id: number;
  expires_at: number;
  created_at: number;
}

/** A block's place in one pipeline: its id and the blocks it depends on there. */
export interface Member {
  uuid: string;
  upstream: string[];
}

/** A pipeline's members by section, each in priority order. */
export interface Sections {
  blocks: Member[];
  callbacks: Member[];
  conditionals: Member[];
  widgets: Member[];
  extensions: Record<string, Member[]>;
}

export interface PipelineRecord {
  uuid: string;
  name: string;
  description: string | null;
  type: string;
  tags: string[];
  created_at: number;
  updated_at: number;
  settings: {
    cache_block_output_in_memory: boolean;
    concurrency_config: Record<string, unknown>;
    data_integration: Record<string, unknown> | null;
    executor_config: Record<string, unknown>;
    executor_count: number;
    executor_type: string | null;
    notification_config: Record<string, unknown>;
    retry_config: Record<string, unknown>;
    run_pipeline_in_one_process: boolean;
    settings: Record<string, unknown>;
    spark_config: Record<string, unknown>;
  };
  sections: Sections;
}

/** A block's code and settings, shared by every pipeline it belongs to. */
export interface BlockRecord {
  uuid: string;
  name: string;
  type: string;
  language: string;
  status: string;
  color: string | null;
  config: Record<string, unknown>;
  configuration: Record<string, unknown>;
  content: string;
  executor_type: string;
  executor_config: Record<string, unknown> | null;
  retry_config: Record<string, unknown> | null;
  timeout: number | null;
  has_callback: boolean;
  extension_uuid: string | null;
  /** Uuids of the pipelines it is a member of, in the order it joined them. */
  pipelines: string[];
  created_at: number;
  updated_at: number;
}

/** One keyed collection. Records are replaced whole, never mutated in place. */
export interface Table<K, V> {
  get(key: K): V | undefined;
  /** One read for many keys: list pre-loading uses it so N items never cost N reads. */
  getMany(keys: Iterable<K>): Map<K, V>;
  list(): V[];
  /** Every key in ascending order, kept sorted as records come and go (pages without sorting). */
  sortedKeys(): OrderedKeys<K>;
  size(): number;
  put(record: V): void;
  delete(key: K): void;
}

/** One committed write, as a durable store journals it: the record put under `key`, or its deletion. */
export type Change =
  | { table: string; key: string | number; record: unknown; deleted?: undefined }
  | { table: string; key: string | number; deleted: true; record?: undefined };

export interface Repository {
  users: Table<number, UserRecord> & {
    byEmail(email: string): UserRecord | undefined;
    byUsername(username: string): UserRecord | undefined;
    nextId(): number;
  };
  tokens: Table<string, TokenRecord>;
  pipelines: Table<string, PipelineRecord>;
  blocks: Table<string, BlockRecord>;
  /** Runs `change` all or nothing: when it throws, every write it made is undone. */
  transaction<T>(change: () => T): T;
  /** Reads so far (tests assert lists cost a constant number). */
  readonly stats: { reads: number };
}
