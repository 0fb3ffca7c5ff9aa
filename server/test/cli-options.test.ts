import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../core/src/config.js';
import { parseSettings, UsageError } from '../cli/options.js';
import { DEFAULT_CONNECTION_LIMITS, maxConnectionsFor, maxWaitingConnectionsFor } from '../http/listen.js';
import { defaultSecretsInUse, isLoopback } from '../cli/secrets.js';

describe('the command’s settings', () => {
  it('takes a flag over its environment variable, and the environment over the default', () => {
    const env = { PORT: '7000', HOST: '127.0.0.1', API_KEY: 'from-env', DATA_DIR: '/tmp/x', INSECURE_DEFAULTS: '1' };
    const fromEnv = parseSettings([], env);
    expect(fromEnv).toMatchObject({ port: 7000, data: '/tmp/x', insecureDefaults: true, explicit: { apiKey: true, jwtSecret: false } });
    const flags = parseSettings(['--port', '7001', '--api-key', 'from-flag', '--no-auth', '--data', '/tmp/y'], env);
    expect(flags).toMatchObject({ port: 7001, data: '/tmp/y' });
    const config = configFromEnv(flags.env);
    expect(config.apiKey).toBe('from-flag');
    expect(config.requireUserAuthentication).toBe(false);
    const timing = configFromEnv(parseSettings(['--scheduler-interval-ms', '250'], { SCHEDULER_INTERVAL_MS: '50', SIMULATED_BLOCK_DURATION_MS: '75' }).env);
    expect([timing.schedulerIntervalMs, timing.simulatedBlockDurationMs]).toEqual([250, 75]);
    expect(parseSettings([], {})).toMatchObject({
      port: 6789,
      host: '127.0.0.1',
      data: null,
      fixtures: null,
      insecureDefaults: false,
    });
  });

  it('refuses bad values with a message, never a stack trace', () => {
    expect(() => parseSettings(['--port', '65536'], {})).toThrow(UsageError);
    expect(() => parseSettings(['--snapshot-bytes', '4096'], {})).toThrow(UsageError); // no journal to snapshot: SQLite keeps the data
    expect(() => parseSettings([], { HTTP_ERROR_CODES: 'maybe' })).toThrow(/HTTP_ERROR_CODES must be 1 or 0/);
    expect(() => parseSettings(['--api-key', ''], {})).toThrow(/--api-key must not be empty/);
    expect(() => parseSettings(['--scheduler-interval-ms', '0'], {})).toThrow(/--scheduler-interval-ms must be a positive whole number/);
    expect(() => parseSettings([], { SIMULATED_BLOCK_DURATION_MS: 'soon' })).toThrow(/--simulated-block-duration-ms must be a positive whole number/);
    expect(() => parseSettings(['stray'], {})).toThrow(UsageError);
  });

  it('caps connections and the time a request may take, from flags or the environment', () => {
    expect(parseSettings([], {}).connections).toEqual({
      maxConnections: DEFAULT_CONNECTION_LIMITS.maxConnections,
      maxWaitingConnections: DEFAULT_CONNECTION_LIMITS.maxWaitingConnections,
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 65_000,
    });
    expect(maxConnectionsFor('Max open files            256                  4096                 files')).toBe(192);
    expect(maxConnectionsFor('Max open files            unlimited            unlimited            files')).toBe(10_000);
    expect(maxConnectionsFor(undefined)).toBe(1000);
    const set = parseSettings(['--max-connections', '50', '--request-timeout-ms', '9000'], {
      HEADERS_TIMEOUT_MS: '2000',
      MAX_CONNECTIONS: '70',
    });
    // The waiting room follows --max-connections unless set: a sixteenth, at least 4.
    expect(set.connections).toEqual({
      maxConnections: 50,
      maxWaitingConnections: 4,
      headersTimeoutMs: 2000,
      requestTimeoutMs: 9000,
      keepAliveTimeoutMs: 65_000,
    });
    expect(parseSettings(['--max-connections', '3200'], { MAX_WAITING_CONNECTIONS: '7' }).connections.maxWaitingConnections).toBe(7);
    expect(maxWaitingConnectionsFor(3200)).toBe(200);
    expect(parseSettings([], { KEEP_ALIVE_TIMEOUT_MS: '5000' }).connections.keepAliveTimeoutMs).toBe(5000);
    expect(maxWaitingConnectionsFor(100_000)).toBe(1000);
    expect(() => parseSettings(['--max-connections-per-client', '8'], {})).toThrow(
      /--max-connections-per-client is gone: one client may now use every free connection slot/,
    );
    expect(() => parseSettings(['--max-connections', '0'], {})).toThrow(/--max-connections must be a positive whole number/);
    expect(() => parseSettings([], { REQUEST_TIMEOUT_MS: '1e4' })).toThrow(/--request-timeout-ms must be a positive whole number of milliseconds/);
    expect(() => parseSettings(['--headers-timeout-ms', '5000', '--request-timeout-ms', '4000'], {})).toThrow(
      '--headers-timeout-ms (5000) must not exceed --request-timeout-ms (4000)',
    );
  });

  it('knows loopback addresses, and names each default secret still in use', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', 'localhost', '::ffff:127.0.0.1']) expect(isLoopback(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.10', '10.0.0.1', 'example.com', '127.0.0.1.nip.io']) expect(isLoopback(host), host).toBe(false);
    expect(defaultSecretsInUse(configFromEnv({}))).toHaveLength(3);
    expect(defaultSecretsInUse(configFromEnv({ API_KEY: 'k', JWT_SECRET: 's', DEFAULT_OWNER_PASSWORD: 'p' }))).toEqual([]);
  });
});
