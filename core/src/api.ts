import { bcryptHasher, MAX_PASSWORD_BYTES, passwordFits, type PasswordHasher } from './auth/passwords.js';
import { systemClock, type Clock } from './clock.js';
import { defaultConfig, type CoreConfig } from './config.js';
import { createCore, type Core } from './operation.js';
import type { CoreRequest } from './request.js';
import { cryptoRandom, type RandomSource } from './random.js';
import { createMemoryRepository } from './repository/memory.js';
import type { RepositoryFactory } from './repository/hooks.js';
import type { Repository } from './repository/types.js';
import { StorageReserve, storageLimits } from './repository/storage-limits.js';
import { isLazy, loadAllModules } from './lazy-resource.js';
import { resourceModules } from './resources/index.js';
import { loadCron } from './model/interval.js';
import { isOrchestratorLoaded, loadOrchestrator, loadedOrchestrator } from './orchestration/lazy-orchestrator.js';
import { markSchedulerTicked } from './model/project.js';
import { runsTable } from './model/runs.js';
import type { Scheduler } from './orchestration/scheduler.js';
import { schedulesTable } from './model/triggers.js';
import { usersTable } from './model/users.js';
import { attachSealer } from './resources/secrets/table.js';
import { createSealer, generateSecretKey } from './secrets/sealing.js';

export interface ApiOptions {
  config?: Partial<CoreConfig>;
  /** Builds the repository with the hooks the API gives it (the storage caps); default: the memory repository. */
  repo?: RepositoryFactory;
  clock?: Clock;
  /** Random bytes for tokens (default: crypto.getRandomValues). */
  random?: RandomSource;
  /** Hashes and checks passwords; default: bcrypt at `config.bcryptRounds`, as Mage (bcryptjs is loaded on first use). */
  passwords?: PasswordHasher;
  onInternalError?: (error: unknown, request: CoreRequest) => void;
  /**
   * The 32-byte key secret values are sealed with (a server keeps it in a file apart from its database); default: a
   * new random key for this instance, so its secrets open only while it lives.
   */
  secretKey?: Uint8Array;
  /**
   * Loads every resource module before serving, not on first use (the server: bundle size is no concern there). A
   * given `repo` implies it: restored rows need their tables open and their cascades declared.
   */
  loadAllResources?: boolean;
  /** Where the scheduler notes what it could not do (one line each, rate-limited); default: console.warn. */
  schedulerLog?: (line: string) => void;
}

export interface Api {
  core: Core;
  repo: Repository;
  config: CoreConfig;
  clock: Clock;
  /** Applies every orchestration transition due at `now` (default: the clock's now). The transport calls it. */
  tick(now?: number): void;
}

/**
 * The transport-free API: core + resources + repository, with Mage's default owner seeded when no
 * owner exists. The Express server and the MSW mocks both run exactly this.
 */
export async function createApi(options: ApiOptions = {}): Promise<Api> {
  const config: CoreConfig = { ...defaultConfig, ...options.config };
  // Caps on stored records and bytes: client data never grows without bound, and over a cap a change is refused whole
  // (runs in progress may use the reserve).
  const reserve = new StorageReserve();
  const hooks = storageLimits(config.storage, reserve);
  // A given repository may hold stored triggers: cron ones, which the trigger index reads as their tables open, and
  // ones the scheduler must fire from the first tick.
  // It may hold rows of any resource too: every lazy module is loaded first, so each table is open and each cascade
  // declared before the first request (a module loaded on first use has no rows before it, in a fresh repository).
  const entries = Object.values(resourceModules);
  const [modules] = await Promise.all([
    options.repo || options.loadAllResources ? loadAllModules(entries) : entries.flatMap((entry) => (isLazy(entry) ? [] : [entry])),
    options.repo && loadCron(),
    options.repo && loadOrchestrator(),
  ]);
  const repo = options.repo ? options.repo(hooks) : createMemoryRepository({ hooks });
  // Opened now, after the caps: restored rows (a durable repository) are counted and indexed before any request.
  for (const module of modules) for (const table of module.tables) table.in(repo);
  const clock = options.clock ?? systemClock;
  const random = options.random ?? cryptoRandom;
  const passwords = options.passwords ?? bcryptHasher(config.bcryptRounds);
  // The key and the IVs come from crypto.getRandomValues, never from an injected (seeded) source: a seeded source
  // would make them guessable, and drawing from it would shift the tokens a deterministic mock hands out.
  attachSealer(repo, await createSealer(options.secretKey ?? generateSecretKey()));
  await seedDefaultOwner(repo, config, clock, passwords);
  const core = createCore({ config, repo, clock, random, passwords, modules: resourceModules, onInternalError: options.onInternalError });
  let scheduler: Scheduler | undefined;
  const tick = (now = clock.now()) => {
    markSchedulerTicked(core.services.instance);
    if (!scheduler) {
      // No trigger and no run: nothing is due, and the orchestrator may not be loaded yet (it is before the first
      // trigger is stored). Once one exists, a missing orchestrator is an error, never a skipped transition.
      if (!isOrchestratorLoaded() && schedulesTable.in(repo).size() === 0 && runsTable.in(repo).size() === 0) return;
      scheduler = loadedOrchestrator().createScheduler({ repo, config }, options.schedulerLog ?? ((line) => console.warn(line)), reserve);
    }
    scheduler.tick(now);
  };
  return { core, repo, config, clock, tick };
}

async function seedDefaultOwner(repo: Repository, config: CoreConfig, clock: Clock, passwords: PasswordHasher) {
  const users = usersTable.in(repo);
  if (users.list().some((u) => u.role === 'owner')) return;
  const { email, username, password } = config.defaultOwner;
  if (!passwordFits(password)) throw new Error(`DEFAULT_OWNER_PASSWORD is longer than ${MAX_PASSWORD_BYTES} bytes (UTF-8): bcrypt would ignore the rest.`);
  const now = clock.now();
  users.put({
    id: users.nextId(),
    email,
    username,
    first_name: null,
    last_name: null,
    avatar: null,
    role: 'owner',
    password_hash: await passwords.hash(password),
    created_at: now,
    updated_at: now,
  });
}
