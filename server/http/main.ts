import { configFromEnv, defaultConfig } from '../core/config.js';
import { listen } from './listen.js';

/** `npm start`: the reference server on 127.0.0.1:6789 (PORT, HOST and the documented env override). */
const config = configFromEnv(process.env);
const port = Number(process.env.PORT ?? 6789);
const host = process.env.HOST || '127.0.0.1';

// One line per request, written together once per tick: a write call per request was a measurable cost.
let pending: string[] = [];
const flush = () => {
  if (pending.length > 0) process.stdout.write(`${pending.join('\n')}\n`);
  pending = [];
};
const log = (line: string) => {
  if (pending.length === 0) setImmediate(flush);
  pending.push(line);
};
process.once('exit', flush);

const running = await listen({
  config,
  port: Number.isInteger(port) && port >= 0 && port < 65536 ? port : 6789,
  host,
  log,
  onInternalError: (error, request) => console.error(`[pipeline-api] internal error on ${request.method} ${request.path}:`, error),
});

console.log(
  `Pipeline API server listening on ${running.url} (user authentication ${config.requireUserAuthentication ? 'on' : 'off'})`,
);
const warnings = [
  config.apiKey === defaultConfig.apiKey && 'the default API key (Mage’s public client id); set API_KEY',
  config.defaultOwner.password === defaultConfig.defaultOwner.password &&
    `the default owner password for ${config.defaultOwner.email}; set DEFAULT_OWNER_PASSWORD`,
  config.jwtSecret === defaultConfig.jwtSecret && 'the default JWT secret; set JWT_SECRET',
].filter(Boolean);
for (const warning of warnings) console.warn(`warning: using ${warning}`);

const stop = (signal: string) => {
  console.log(`${signal} received: closing`);
  running.close().then(() => process.exit(0));
  setTimeout(() => process.exit(0), 5000).unref();
};
process.once('SIGTERM', () => stop('SIGTERM'));
process.once('SIGINT', () => stop('SIGINT'));
