import { mcpMain } from '../mcp/main.js';
import { proxyMain } from '../proxy/main.js';
import { helpText, parseSettings, UsageError } from './options.js';
import { secretsMain } from './secrets-command.js';
import { startServer } from './server.js';

/**
 * `pipeline-api-server [options]` (or `pipeline-api-server proxy [options]`, server/proxy/main.ts, or
 * `pipeline-api-server secrets --data DIR`): parses, starts, and stops cleanly on SIGTERM/SIGINT.
 */
export async function main(argv: string[], env: Record<string, string | undefined>): Promise<void> {
  if (argv[0] === 'proxy') return proxyMain(argv.slice(1), env);
  if (argv[0] === 'secrets') return secretsMain(argv.slice(1), env);
  if (argv[0] === 'mcp') return mcpMain(argv.slice(1), env);
  let settings;
  try {
    settings = parseSettings(argv, env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`pipeline-api-server: ${error.message}\nSee pipeline-api-server --help.\n`);
    process.exit(2);
  }
  if (settings.help) {
    process.stdout.write(helpText());
    return;
  }
  const out = {
    info: (line: string) => console.log(line),
    warn: (line: string) => console.warn(line),
    requests: (text: string) => process.stdout.write(text),
  };
  // Handlers first: a signal during startup stops it too.
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  let stopping = false;
  const stop = (signal: string) => {
    // A second signal leaves the close under way alone: under `npm start`, Ctrl-C's SIGINT comes from the terminal and again from npm.
    if (stopping) return void console.log(`${signal} received again: already closing`);
    stopping = true;
    console.log(`${signal} received: closing`);
    if (!server) process.exit(0);
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
    // Every write is committed when it is answered: a close that overruns loses nothing, but it is said.
    setTimeout(() => {
      console.log('closing took over 5 s (an answer still being sent): exiting anyway');
      process.exit(0);
    }, 5000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  try {
    server = await startServer(settings, out, (error) => {
      console.error(`pipeline-api-server: ${error.message}`);
      setTimeout(() => process.exit(1), 200); // time for the waiting requests' internal-error answers to go out
    });
  } catch (error) {
    // A refusal, a bad fixtures file, a port in use, a damaged data directory: the message says it all.
    process.stderr.write(`pipeline-api-server: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
