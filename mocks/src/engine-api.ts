import {
  combineHooks,
  createApi,
  createMemoryRepository,
  cryptoRandom,
  seededRandom,
  webCryptoHasher,
  type Api,
  type RandomSource,
  type RepositoryFactory,
} from '@pipeline-api/core';
import { MOCK_EPOCH, MockClock } from './deterministic.js';
import { MOCK_PASSWORD_ITERATIONS, type MockOptions } from './in-process.js';
import type { PersistTo } from './persistence.js';

interface Determinism {
  clock: MockClock;
  random: RandomSource;
}

/** Same seed and start, same tokens and timestamps: snapshots stay stable. */
const deterministic = (seed: number | undefined, clock: MockClock): Determinism => ({ clock, random: seededRandom(seed ?? 1) });

/** Persistence, imported only by a mock that persists: bundlers split it into a chunk most pages never load. */
const loadPersistence = () => import('./persistence.js');

/**
 * The engine's API: the core over an in-memory repository, built at start and again at each reset, with the clock and
 * the token source it runs on; over persisted state when the mock persists (tokens then from crypto.getRandomValues).
 */
export class EngineApi {
  readonly #options: MockOptions;
  readonly #persistKey: string;
  #determinism: Determinism;
  #flushPersisted = () => Promise.resolve();
  #restoredState = false;
  #api: Promise<Api>;

  constructor(options: MockOptions, firstClock: MockClock) {
    this.#options = options;
    this.#persistKey = options.persistKey ?? 'pipeline-api-mocks';
    this.#determinism = deterministic(options.seed, firstClock);
    this.#api = this.#build();
  }

  /** The clock the API runs on now (a reset or restored state starts a new one). */
  get clock(): MockClock {
    return this.#determinism.clock;
  }

  api(): Promise<Api> {
    return this.#api;
  }

  /** A new API from the first state: clock and token source rewound, persisted state wiped. */
  async reset(): Promise<void> {
    const options = this.#options;
    this.#determinism = deterministic(options.seed, new MockClock(options.start ?? MOCK_EPOCH));
    if (options.persist) {
      await this.#api.then(this.#flushPersisted, () => undefined);
      await (await loadPersistence()).clearPersistentState(options.persist, this.#persistKey);
    }
    this.#api = this.#build();
    await this.#api;
  }

  async persisted(): Promise<void> {
    await this.#api;
    await this.#flushPersisted();
  }

  async restored(): Promise<boolean> {
    await this.#api;
    return this.#restoredState;
  }

  async #build(): Promise<Api> {
    this.#restoredState = false;
    const { persist } = this.#options;
    const repo = persist ? await this.#persistentRepository(persist) : undefined;
    const { clock, random } = this.#determinism;
    // An internal error answers 500 with a generic message, as the server does; the developer sees the cause here.
    const onInternalError = (error: unknown) => console.error('[pipeline-api mocks] internal error:', error);
    const passwords = webCryptoHasher({ iterations: MOCK_PASSWORD_ITERATIONS });
    const built = await createApi({ config: this.#options.config, passwords, repo, clock, random, onInternalError });
    clock.onTick = (now) => built.tick(now);
    return built;
  }

  /** The repository over what an earlier page persisted; the clock goes on from where it stopped. */
  async #persistentRepository(persist: PersistTo): Promise<RepositoryFactory> {
    const { openPersistentState } = await loadPersistence();
    const state = await openPersistentState(persist, this.#persistKey, () => this.#determinism.clock.now());
    this.#flushPersisted = state.flush;
    this.#restoredState = state.now !== undefined;
    this.#determinism = { clock: new MockClock(state.now ?? this.#options.start ?? MOCK_EPOCH), random: cryptoRandom };
    // The repository is built here, not in the persistence chunk, so that chunk imports nothing of the core's.
    return (hooks) => createMemoryRepository({ counters: state.counters, initialRows: state.initialRows, hooks: combineHooks(hooks, { sinks: [state.save] }) });
  }
}
