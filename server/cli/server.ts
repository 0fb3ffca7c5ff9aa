import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { createApi, configFromEnv, secretsTable } from '@pipeline-api/core';
import { listen } from '../http/listen.js';
import { openMageUiFolder } from '../http/mage-ui.js';
import { withoutTriggerTokens } from '../http/trigger-tokens.js';
import { answerWhenDurable } from '../storage/durable-api.js';
import { openSqliteStore, removeDataFile, type SqliteStore } from '../storage/sqlite-store.js';
import { readFixturesFile } from './fixtures-file.js';
import { CatchingUpClock, scenarioSpanMs, seedInThePast } from './seed-in-the-past.js';
import { httpErrorCodesByDefault } from './http-error-codes.js';
import type { CliSettings } from './options.js';
import { batchedLog } from './request-log.js';
import { dataDirSecretKey, secretKeyMissing, type SecretKey } from './secret-key.js';
import { dataDirSecrets, defaultSecretsInUse, isLoopback, SECRETS_FILE } from './secrets.js';

export interface Output {
  info(line: string): void;
  warn(line: string): void;
  /** Request lines (batched). */
  requests: (text: string) => void;
}

export interface StartedServer {
  url: string;
  close(): Promise<void>;
}

/** Refusals the user can act on: the message is the whole story, no stack trace. */
export class StartupError extends Error {}

/** Everything the command does between reading its settings and listening. */
export async function startServer(settings: CliSettings, out: Output, onFatal: (error: Error) => void): Promise<StartedServer> {
  const fixtures = settings.fixtures === null ? null : readFixturesFile(settings.fixtures);
  const mageUi = settings.mageUi === null ? undefined : openMageUiFolder(settings.mageUi);
  const env = { ...settings.env };
  let store: SqliteStore | null = null;
  let generatedSecrets = false;
  let apiKeyGenerated = false;
  let announceSecrets: (() => void) | undefined;
  let secretKey: SecretKey | null = null;
  try {
    if (settings.data !== null) {
      const data = settings.data;
      store = openSqliteStore(data, {
        onFailure: (error) => onFatal(new Error(`writing to ${data} failed (${error.message}); stopping: a restart recovers every acknowledged write`)),
      });
      const { secrets, generated, warning } = dataDirSecrets(data, store.fresh, settings.explicit, env.DEFAULT_OWNER_EMAIL || 'admin@admin.com');
      if (secrets.apiKey && !settings.explicit.apiKey) env.API_KEY = secrets.apiKey;
      if (secrets.jwtSecret && !settings.explicit.jwtSecret) env.JWT_SECRET = secrets.jwtSecret;
      if (secrets.ownerPassword && !settings.explicit.ownerPassword) env.DEFAULT_OWNER_PASSWORD = secrets.ownerPassword;
      generatedSecrets = generated;
      if (warning) out.warn(`warning: ${warning}`);
      // Announced once the start succeeded: a start that fails keeps nothing, so it announces nothing.
      secretKey = dataDirSecretKey(data, settings.env);
      if (secretKey.warning) out.warn(`warning: ${secretKey.warning}`);
      if (generated) {
        announceSecrets = () => {
          out.info(`Generated secrets, kept in ${join(data, SECRETS_FILE)} (owner-readable only):`);
          if (secrets.apiKey) out.info(`  API key:        ${secrets.apiKey}`);
          if (secrets.ownerPassword) out.info(`  owner password: ${secrets.ownerPassword} (for ${env.DEFAULT_OWNER_EMAIL || 'admin@admin.com'})`);
          if (secrets.jwtSecret) out.info('  JWT secret:     (stored, not shown)');
        };
      }
      apiKeyGenerated = Boolean(secrets.apiKey) && !settings.explicit.apiKey;
    }
    const config = { ...configFromEnv(env), apiKeyGenerated };

    const defaults = defaultSecretsInUse(config);
    if (defaults.length > 0 && !isLoopback(settings.host) && !settings.insecureDefaults) {
      throw new StartupError(
        [
          `refusing to listen on ${settings.host} with public default secrets:`,
          ...defaults.map((d) => `  - ${d}`),
          'Set them, use --data (it generates and keeps them), or pass --insecure-defaults.',
        ].join('\n'),
      );
    }

    const seeding = fixtures !== null && (store === null || store.fresh);
    if (fixtures && !seeding) out.info(`--fixtures ${settings.fixtures} not loaded: ${settings.data} already holds state`);
    const fixturesFailed = (error: unknown) => {
      // A first start whose fixtures failed leaves nothing behind: the next start seeds from scratch.
      if (store && settings.data !== null) {
        store.close();
        store = null;
        removeDataFile(settings.data);
        if (generatedSecrets) rmSync(join(settings.data, SECRETS_FILE), { force: true });
      }
      return new StartupError(
        `--fixtures ${settings.fixtures}: ${(error as Error).message}${settings.data !== null ? ` (nothing was kept in ${settings.data})` : ''}`,
      );
    };

    // Runs in a given state are simulated in the recent past: the clock starts behind by what they need.
    const clock = new CatchingUpClock();
    if (fixtures && seeding) {
      try {
        clock.fallBehind(await scenarioSpanMs(config, fixtures));
      } catch (error) {
        throw fixturesFailed(error);
      }
    }
    let api = await createApi({ config, repo: store?.repository, clock, secretKey: secretKey?.key, loadAllResources: true });
    if (secretKey?.fresh) {
      // A new key opens nothing sealed before: sealed values without their key file are a lost key, not a first start.
      const sealed = secretsTable.in(api.repo).size();
      if (sealed > 0) throw new StartupError(secretKeyMissing(secretKey.path, sealed));
    }
    if (store) api = answerWhenDurable(api, store.durable);
    if (settings.httpErrorCodes) api = httpErrorCodesByDefault(api);

    if (fixtures && seeding) {
      try {
        const seeded = await seedInThePast(api, clock, fixtures);
        out.info(
          `Loaded ${settings.fixtures}: ${Object.entries(seeded)
            .map(([key, items]) => `${items.length} ${key}`)
            .join(', ')}`,
        );
      } catch (error) {
        throw fixturesFailed(error);
      }
    }

    const requestLog = settings.quiet ? undefined : batchedLog(out.requests);
    const running = await listen({
      api,
      port: settings.port,
      host: settings.host,
      trustProxy: settings.trustProxy,
      connections: settings.connections,
      mageUi,
      log: requestLog?.log,
      onInternalError: (error, request) =>
        out.warn(withoutTriggerTokens(`[pipeline-api] internal error on ${request.method} ${request.path}: ${String((error as Error)?.stack ?? error)}`)),
    }).catch((error: unknown) => {
      requestLog?.close();
      throw error;
    });

    // The key file is written once the start is known to be good, as the secrets file is: a start that fails keeps
    // nothing. Nothing is sealed before this: no request has been read yet.
    try {
      secretKey?.keep();
    } catch (error) {
      await running.close();
      requestLog?.close();
      throw error;
    }
    announceSecrets?.();
    out.info(`Pipeline API server listening on ${running.url} (user authentication ${config.requireUserAuthentication ? 'on' : 'off'})`);
    out.info(`  reference: ${running.url}/docs   try it: ${running.url}/docs/try   OpenAPI: ${running.url}/openapi.json`);
    if (mageUi) out.info(`  Mage's web UI: ${running.url}/ (from ${mageUi.dir})`);
    if (store) {
      out.info(
        store.fresh
          ? `  data: ${store.path} (new; every acknowledged write is synced to disk)`
          : `  data: ${store.path} (${store.loaded} records loaded, each checked; every acknowledged write is synced to disk)`,
      );
    } else out.info('  data: in memory (gone when the process stops; --data <dir> keeps it)');
    if (apiKeyGenerated && settings.data !== null) {
      // Every start, last before the request lines: a client sending Mage's key (every example does) is refused.
      out.info(
        `  secrets: generated for this data directory, in ${join(settings.data, SECRETS_FILE)} (Mage's default API key is refused); print them: pipeline-api-server secrets --data ${settings.data}`,
      );
    }
    for (const d of defaults) out.warn(`warning: using ${d}`);

    const opened = store;
    return {
      url: running.url,
      async close() {
        await running.close();
        requestLog?.close();
        opened?.close();
      },
    };
  } catch (error) {
    store?.close();
    throw error;
  }
}
